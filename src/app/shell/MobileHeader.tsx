import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sidebar } from 'primereact/sidebar';
import { PATHS } from '../navigation/paths.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { useReportLink } from './report-link.ts';
import { mobileActiveSystems } from './header-format.ts';
import { Logo } from './Logo.tsx';
import { NavItems } from './NavItems.tsx';
import { useHeaderStatus } from './use-header-status.ts';
import { useNavEntries, type HeaderProps } from './use-nav-entries.ts';

/** Compact header (≤ 900 px, 88 px high) with a 300 px drawer holding the logo and the navigation. */
export function MobileHeader({ claims, group }: HeaderProps) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const status = useHeaderStatus(group);
  const entries = useNavEntries(claims, group);
  const overviewLink = useReportLink(PATHS.overview, 'overview', group);

  return (
    <header className="app-header app-header--mobile">
      <button
        type="button"
        className="app-header__menu-button"
        aria-label={t('shell.openNavigation')}
        aria-expanded={drawerOpen}
        onClick={() => setDrawerOpen(true)}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      <Link to={overviewLink} className="app-header__brand" aria-label={t('shell.homeLink')}>
        <Logo />
      </Link>
      <span className="app-header__active-mobile" title={t('shell.activeSystems')}>
        {status.activeSystems ? mobileActiveSystems(status.activeSystems) : t('common.loading')}
      </span>
      <AvatarMenu claims={claims} />
      <Sidebar
        visible={drawerOpen}
        onHide={() => setDrawerOpen(false)}
        className="nav-drawer"
        ariaCloseLabel={t('shell.closeNavigation')}
        header={<Logo />}
      >
        <nav aria-label={t('shell.mainNavigation')}>
          <NavItems entries={entries} selectedGroup={group} onNavigate={() => setDrawerOpen(false)} />
        </nav>
      </Sidebar>
    </header>
  );
}
