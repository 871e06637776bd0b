import { useEffect, useMemo, type FormEvent, type JSX } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { chooseSuperUserTenant, searchSuperUserTenants } from '../../../api/super-users.ts';
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/superUser.json' with { type: 'json' };
import { tenantSearchMachine, type TenantSearchPort } from '../../../machines/tenant-search.machine.ts';
import { useRuntimeConfig } from '../../RuntimeConfigContext.tsx';
import { leavePageFor } from './leave-page.ts';
import { TenantCombobox } from './TenantCombobox.tsx';
import './SuperUserPage.css';

registerArea('superUser', texts);

const INPUT_ID = 'super-user-tenant';

/** sessionToken and state of the picker's URL (spec shell §2: it reads both from the query). */
export function pickerParams(search: string): { sessionToken: string; state: string } | null {
  const query = new URLSearchParams(search);
  const sessionToken = query.get('sessionToken') ?? '';
  const state = query.get('state') ?? '';
  return sessionToken === '' || state === '' ? null : { sessionToken, state };
}

function TenantPicker({ sessionToken, state }: { sessionToken: string; state: string }): JSX.Element {
  const { t } = useTranslation();
  const { apiBase } = useRuntimeConfig();
  const port = useMemo<TenantSearchPort>(
    () => ({
      search: (namePattern) => searchSuperUserTenants(apiBase, sessionToken, namePattern),
      choose: (selectedTenantId) => chooseSuperUserTenant(apiBase, { selectedTenantId, state, sessionToken }),
    }),
    [apiBase, sessionToken, state],
  );
  const [snapshot, send] = useMachine(tenantSearchMachine, { input: { port } });
  const { text, suggestions, selected, callbackUrl } = snapshot.context;
  const choosing = snapshot.matches('choosing') || snapshot.matches('chosen');

  useEffect(() => {
    if (callbackUrl !== null) leavePageFor(callbackUrl);
  }, [callbackUrl]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'continue' });
  };

  const failed = snapshot.matches('failed') || snapshot.matches('chooseFailed');
  return (
    <form className="card-page__card super-user__card" onSubmit={submit} aria-busy={choosing}>
      <h1>{t('superUser.title')}</h1>
      <p className="super-user__intro">{t('superUser.intro')}</p>
      <label htmlFor={INPUT_ID}>{t('superUser.customer')}</label>
      <TenantCombobox
        inputId={INPUT_ID}
        placeholder={t('superUser.startTypingCustomerName')}
        listLabel={t('superUser.customer')}
        text={text}
        suggestions={suggestions}
        disabled={choosing}
        onTextChange={(value) => send({ type: 'text.changed', text: value })}
        onSelect={(tenant) => send({ type: 'tenant.selected', tenant })}
      />
      <div className="super-user__status" role="status" aria-live="polite">
        {snapshot.matches('searching') && <p>{t('superUser.searching')}</p>}
        {snapshot.matches('results') && selected === null && (
          <p className="super-user__count">{t('superUser.suggestionCount', { count: suggestions.length })}</p>
        )}
        {snapshot.matches('empty') && <p className="super-user__empty">{t('superUser.noResults')}</p>}
        {failed && <p className="super-user__error">{t('superUser.searchFailed')}</p>}
      </div>
      <button type="submit" className="primary-button" disabled={selected === null || choosing}>
        {t('superUser.continue')}
      </button>
    </form>
  );
}

/**
 * /superUser (spec shell §2 "Super-user tenant picker"): public, reached in the middle of a super user's sign-in.
 * The identity provider put a sessionToken and the sign-in step's state in the URL; the chosen tenant is recorded and
 * the browser goes back to the provider, which finishes the sign-in with that tenant in the tokens.
 */
export function SuperUserPage(): JSX.Element {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = pickerParams(search);
  return (
    <main className="card-page">
      {params === null ? (
        <div className="card-page__card super-user__card">
          <h1>{t('superUser.title')}</h1>
          <p className="super-user__error">{t('superUser.invalidLink')}</p>
          <a href="/">{t('superUser.backToPortal')}</a>
        </div>
      ) : (
        <TenantPicker sessionToken={params.sessionToken} state={params.state} />
      )}
    </main>
  );
}
