import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../auth/SessionProvider.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { PATHS } from '../navigation/paths.ts';

/** /callback: shown while the sign-in answer is processed, then back to the home route (spec shell §2). */
export function CallbackPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'initializing') return <LoadingScreen text={t('shell.signingIn')} />;
  return <Navigate to={PATHS.root} replace />;
}
