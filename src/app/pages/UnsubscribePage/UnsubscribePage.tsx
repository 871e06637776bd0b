import { useState, type JSX } from 'react';
import { useLocation } from 'react-router';
import { unsubscribe } from '../../../api/email-scheduler.ts';
import { useRuntimeConfig } from '../../RuntimeConfigContext.tsx';
import { UnsubscribeForm, type UnsubscribeState } from './UnsubscribeForm.tsx';

/** Spec shell §2: the token is the query string after the equals sign. */
export function tokenOf(search: string): string {
  const at = search.indexOf('=');
  return at === -1 ? '' : decodeURIComponent(search.slice(at + 1));
}

/**
 * /unsubscribe?token=… (spec shell §2, §4): public, no sign-in. The e-mail's signed link carries the token; the user
 * types the address the report went to and confirms. Idle, loading (button disabled), then 'Success' or the red error.
 */
export function UnsubscribePage(): JSX.Element {
  const { apiBase } = useRuntimeConfig();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<UnsubscribeState>('idle');

  const submit = async () => {
    setState('loading');
    const ok = await unsubscribe(apiBase, { email, token: tokenOf(search) });
    setState(ok ? 'success' : 'error');
  };

  return (
    <main className="card-page">
      <UnsubscribeForm email={email} state={state} onEmailChange={setEmail} onSubmit={() => void submit()} />
    </main>
  );
}
