import { useState, type FormEvent, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { unsubscribe } from '../../../api/email-scheduler.ts';
import { useRuntimeConfig } from '../../RuntimeConfigContext.tsx';
import './unsubscribe-texts.ts';
import './UnsubscribePage.css';

type UnsubscribeState = 'idle' | 'loading' | 'success' | 'error';

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
  const { t } = useTranslation();
  const { apiBase } = useRuntimeConfig();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<UnsubscribeState>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('loading');
    const ok = await unsubscribe(apiBase, { email, token: tokenOf(search) });
    setState(ok ? 'success' : 'error');
  };

  return (
    <main className="card-page">
      <form className="card-page__card unsubscribe__card" onSubmit={(event) => void submit(event)}>
        <h1>{t('unsubscribe.title')}</h1>
        <p className="unsubscribe__sorry">{t('unsubscribe.sorry')}</p>
        <label htmlFor="unsubscribe-email">{t('unsubscribe.email')}</label>
        <input
          id="unsubscribe-email"
          className="p-inputtext"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p>{t('unsubscribe.question')}</p>
        <button type="submit" className="primary-button" disabled={state === 'loading' || state === 'success'}>
          {t('unsubscribe.button')}
        </button>
        <div role="status" aria-live="polite">
          {state === 'success' && <p className="unsubscribe__success">{t('unsubscribe.success')}</p>}
          {/* Spec shell §8: the one message a failed unsubscribe shows (401 and 403 included). */}
          {state === 'error' && <p className="unsubscribe__error">{t('unsubscribe.error')}</p>}
        </div>
      </form>
    </main>
  );
}
