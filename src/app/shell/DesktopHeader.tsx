import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE } from '../../shared/auth/roles.ts';
import { useRuntimeConfig } from '../RuntimeConfigContext.tsx';
import { PATHS } from '../navigation/paths.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { ActiveSystems } from './ActiveSystems.tsx';
import { viewerTimeZone } from '../../shared/format/last-update.ts';
import { environmentLabel } from './header-format.ts';
import { Logo } from './Logo.tsx';
import { NavItems } from './NavItems.tsx';
import { useHeaderStatus } from './use-header-status.ts';
import { useReportLink } from './report-link.ts';
import { useSelectedGroup } from './SelectedGroupProvider.tsx';
import { useNavEntries, type HeaderProps } from './use-nav-entries.ts';

/** Wide header (> 900 px): logo, navigation buttons, tenant, last update, active systems, build label, avatar. */
export function DesktopHeader({ claims, group }: HeaderProps) {
  const { t } = useTranslation();
  const { environment, version } = useRuntimeConfig();
  const { settings } = useSelectedGroup();
  const status = useHeaderStatus(group);
  const entries = useNavEntries(claims, group);
  const overviewLink = useReportLink(PATHS.overview, 'overview', group);
  const readOnly = claims.roles.includes(ROLE.ReadOnly);
  const tenantName = settings?.tenantName || claims.tenantName;
  const buildLabel = environmentLabel(environment, version);

  return (
    <header className="app-header app-header--desktop">
      <div className="app-header__bar">
        <Link to={overviewLink} className="app-header__brand" aria-label={t('shell.homeLink')}>
          <Logo />
        </Link>
        <nav className="app-header__nav" aria-label={t('shell.mainNavigation')}>
          <NavItems entries={entries} selectedGroup={group} />
        </nav>
        <AvatarMenu claims={claims} />
      </div>
      <div className="app-header__status">
        {readOnly && tenantName && <span className="app-header__tenant">{tenantName}</span>}
        {status.lastUpdate && (
          <span className="app-header__last-update" title={t('shell.inYourTimeZone', { zone: viewerTimeZone() })}>
            <span className="app-header__caption">{t('shell.lastUpdate')}</span>{' '}
            <time dateTime={status.lastUpdateUtc ?? undefined}>{status.lastUpdate}</time>
          </span>
        )}
        <ActiveSystems parts={status.activeSystems} />
        {buildLabel && <span className="app-header__build">{buildLabel}</span>}
      </div>
    </header>
  );
}
