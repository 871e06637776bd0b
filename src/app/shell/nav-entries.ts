import type { SystemGroup } from '../../shared/system-group.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { t } from '../../i18n/i18n.ts';
import { PATHS } from '../navigation/paths.ts';

export interface NavEntry {
  /** In the current language. */
  label: string;
  path: string;
  /** The report the entry opens: its link carries the period the user last applied for it. */
  report: ReportId;
  /** PrimeIcons class. */
  icon: string;
  /** Opening the entry switches to this group (Live Dashboard → Apollo). */
  group?: SystemGroup;
}

export interface NavContext {
  tenantId: string;
  selectedGroup: SystemGroup | null;
  liveDashboardTenants: readonly string[];
}

/**
 * Navigation entries (spec shell §2 "Shell"): Overview, Systems Analysis, Jobs Analysis, and Live Dashboard
 * only for allow-listed tenants while Apollo is selected.
 */
export function navEntries({ tenantId, selectedGroup, liveDashboardTenants }: NavContext): NavEntry[] {
  const entries: NavEntry[] = [
    { label: t('nav.overview'), path: PATHS.overview, report: 'overview', icon: 'pi pi-chart-bar' },
    { label: t('nav.systemsAnalysis'), path: PATHS.systems, report: 'systems', icon: 'pi pi-server' },
    { label: t('nav.jobsAnalysis'), path: PATHS.jobs, report: 'jobs', icon: 'pi pi-list' },
  ];
  if (liveDashboardTenants.includes(tenantId) && selectedGroup === 'Apollo') {
    entries.push({
      label: t('nav.liveDashboard'),
      path: PATHS.tvDashboard,
      report: 'tv-dashboard',
      icon: 'pi pi-desktop',
      group: 'Apollo',
    });
  }
  return entries;
}
