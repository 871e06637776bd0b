import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../auth/SessionProvider.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { DEFAULT_PAGE } from '../navigation/paths.ts';

/**
 * The root route (spec shell §2 "Root entry"): signed in → the default page; otherwise sign-in starts.
 * After a failed sign-in it waits for the user instead of redirecting again, so a broken provider cannot cause a loop.
 */
export function RootEntry() {
  const { t } = useTranslation();
  const { status, failed, login } = useSession();
  const autoLogin = status === 'unauthenticated' && !failed;

  useEffect(() => {
    if (autoLogin) login();
  }, [autoLogin, login]);

  if (status === 'authenticated') return <Navigate to={DEFAULT_PAGE} replace />;
  if (status === 'unauthenticated' && failed) {
    return (
      <main className="shell-message">
        <h1>{t('errors.authenticationFailed')}</h1>
        <p>{t('shell.signInIncomplete')}</p>
        <button type="button" className="primary-button" onClick={login}>
          {t('shell.signIn')}
        </button>
      </main>
    );
  }
  if (status === 'signingOut') return <LoadingScreen text={t('shell.signingOut')} />;
  return <LoadingScreen text={status === 'initializing' ? t('common.loading') : t('shell.redirectingToSignIn')} />;
}
