import { Suspense, useEffect, useRef } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import { useSaveLocale } from '../../api/locale.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { ConsentOverlays } from '../consent/ConsentOverlays.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { DesktopHeader } from './DesktopHeader.tsx';
import { HistoryNotice } from './HistoryNotice.tsx';
import { useKiosk } from '../navigation/kiosk.ts';
import { SelectedGroupProvider, useSelectedGroup } from './SelectedGroupProvider.tsx';
import { MOBILE_HEADER_QUERY, useMediaQuery } from '../use-media-query.ts';
import './Shell.css';

// Only small screens need the drawer (PrimeReact Sidebar): keep it out of the first chunk.
const MobileHeader = lazyWithRetry(() =>
  import('./MobileHeader.tsx').then((module) => ({ default: module.MobileHeader })),
);

/** Sends the browser locale once per sign-in, never for super users (spec shell §6, §7). */
function useSaveBrowserLocale(claims: PortalClaims): void {
  const { mutate } = useSaveLocale();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || claims.isSuperUser) return;
    sent.current = true;
    mutate({ localeCode: navigator.language });
  }, [claims.isSuperUser, mutate]);
}

function ShellFrame({ claims }: { claims: PortalClaims }) {
  const { t } = useTranslation();
  const { selectedGroup, settingsLoaded } = useSelectedGroup();
  const mobile = useMediaQuery(MOBILE_HEADER_QUERY);
  const kiosk = useKiosk();
  useSaveBrowserLocale(claims);

  if (selectedGroup === null) {
    return settingsLoaded ? (
      <main className="shell-message">
        <h1>{t('shell.noGroupTitle')}</h1>
        <p>{t('shell.noGroupText')}</p>
      </main>
    ) : (
      <LoadingScreen />
    );
  }
  return (
    <div className={kiosk ? 'shell shell--kiosk' : 'shell'}>
      {kiosk ? null : mobile ? (
        <Suspense fallback={<header className="app-header app-header--mobile" />}>
          <MobileHeader claims={claims} group={selectedGroup} />
        </Suspense>
      ) : (
        <DesktopHeader claims={claims} group={selectedGroup} />
      )}
      {kiosk ? null : <HistoryNotice />}
      <main className="shell__main">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <ConsentOverlays claims={claims} />
    </div>
  );
}

/** The signed-in page frame (spec shell §2 "Shell"): header, navigation, page, overlays; a spinner until a group is selected. */
export function Shell() {
  const { claims } = useSession();
  if (claims === null) return <LoadingScreen />;
  return (
    <SelectedGroupProvider>
      <ShellFrame claims={claims} />
    </SelectedGroupProvider>
  );
}
