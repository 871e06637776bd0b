import type { FormEvent, JSX } from 'react';
import { useTranslation } from 'react-i18next';
import './unsubscribe-texts.ts';
import './UnsubscribePage.css';

/** Where an unsubscribe stands: nothing sent yet, sending (button disabled), done, or refused. */
export type UnsubscribeState = 'idle' | 'loading' | 'success' | 'error';

export interface UnsubscribeFormProps {
  /** The address the user types (the one the report went to). */
  email: string;
  state: UnsubscribeState;
  onEmailChange: (email: string) => void;
  onSubmit: () => void;
}

/**
 * The Unsubscribe page's card without the API (spec shell §2, §4, §8): 'Unsubscribe', 'We are sorry to see you go', the
 * e-mail input, the confirmation text and button, then 'Success' or the red error.
 */
export function UnsubscribeForm({ email, state, onEmailChange, onSubmit }: UnsubscribeFormProps): JSX.Element {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="card-page__card unsubscribe__card" onSubmit={submit}>
      <h1>{t('unsubscribe.title')}</h1>
      <p className="unsubscribe__sorry">{t('unsubscribe.sorry')}</p>
      <label htmlFor="unsubscribe-email">{t('unsubscribe.email')}</label>
      <input
        id="unsubscribe-email"
        className="p-inputtext"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
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
  );
}
