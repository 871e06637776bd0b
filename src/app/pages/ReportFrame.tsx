import { Suspense, useCallback, useEffect, useState, type JSX, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { prefetchMaxKeepAlive } from '../../api/max-keep-alive.ts';
import { useReportLayout } from '../../runtime/layout-texts.ts';
import { LengthUnitsProvider } from '../../runtime/LengthUnitsProvider.tsx';
import { ReportPrefetchContext, type ReportPrefetch } from '../../runtime/prefetch-on-hint.ts';
import { usePrefetchWhenIdle } from '../../runtime/prefetch-when-idle.ts';
import { preloadReport } from '../../runtime/preload-report.ts';
import { layoutIdOf } from '../../runtime/report-layouts.ts';
import '../../runtime/report-texts.ts';
import type { ReportLayout } from '../../shared/layout/layout-types.ts';
import type { ReportFilters } from '../../shared/report-filters.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { MachineFilterPanel } from '../filters/machine-tree/MachineFilterPanel.tsx';
import { neighbourHints } from '../filters/neighbour-hints.ts';
import { useReportFilters, type FilterHint } from '../filters/use-report-filters.ts';
import { useKiosk } from '../navigation/kiosk.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { PATHS } from '../navigation/paths.ts';
import { preloadReportPage } from './LazyReportPage.tsx';
import { LoadingScreen } from '../LoadingScreen.tsx';
import './pages.css';

/** What a report's body gets from its frame once the filters are known. */
export interface ReportBody {
  filters: ReportFilters;
  /** The machine filter panel, to show beside the report; null while the group has no machine tree. */
  machineFilter: ReactNode;
  /** No system is selected (`filters.systems` empty means all). */
  nothingSelected: boolean;
}

interface ReportFrameProps {
  /** The page's heading, e.g. 'Overview'. */
  title: string;
  report: ReportId;
  /** The report below the filter bar; it may load lazily (the frame shows 'Loading report...' meanwhile). */
  children: (body: ReportBody) => ReactNode;
  /** The title is for assistive technology only (the service ticket's filter bar shows its own title). */
  titleHidden?: boolean;
  /** The serial number of the one printer a system's own page shows: its dates start at its model's start date. */
  system?: string;
}

/**
 * The back button of a system's pages: to Systems Analysis with the page's query string, so the group and the period
 * (possibly changed here) stay; the browser's own Back returns through the history as usual.
 */
function useBackToSystems(): () => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate(`${PATHS.systems}${search}`), [navigate, search]);
}

const NO_GROUPS: readonly SystemGroup[] = [];

function FramedReport({
  report,
  layout,
  group,
  userGroups,
  selectGroup,
  system,
  children,
}: Omit<ReportFrameProps, 'title' | 'titleHidden'> & {
  layout: ReportLayout;
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  selectGroup: (group: SystemGroup) => void;
}): JSX.Element {
  const { t } = useTranslation();
  const reportFilters = useReportFilters(report, group, layout.rules, system);
  // The filter bar the layout asks for (`rules.filterBar.variant`, spec reports §2); absent: `report`.
  const variant = layout.rules?.filterBar?.variant ?? 'report';
  const onBack = useBackToSystems();
  // Kiosk mode (?kiosk): the report alone, without the filter bar and the machine filter; the URL chose the filters.
  const kiosk = useKiosk();
  // The report below offers the prefetch of its panels (src/runtime/prefetch-on-hint.ts); a filter bar control's hover or
  // focus asks it for the filters its click would show.
  const [prefetch] = useState<ReportPrefetch>(() => ({ current: null }));
  const { preview } = reportFilters;
  const queryClient = useQueryClient();
  const prefetchHinted = useCallback(
    (hint: FilterHint) => {
      const next = preview?.(hint) ?? null;
      if (next !== null) prefetch.current?.(next);
      // Another group's last update too: the report's refresh rule reads it, so without it the panels are drawn twice.
      if (hint.type === 'group') prefetchMaxKeepAlive(queryClient, hint.group);
    },
    [prefetch, preview, queryClient],
  );
  // Once the report has settled and the browser is idle, what the bar's controls would show, nearest first.
  const shown = reportFilters.filters;
  // The group toggle is the report variant's only (FilterBar).
  const toggledGroups = variant === 'report' ? userGroups : NO_GROUPS;
  const neighbours = useCallback(
    () => (shown === null ? [] : neighbourHints(shown, toggledGroups, (hint) => (preview?.(hint) ?? null) !== null)),
    [shown, toggledGroups, preview],
  );
  // Not on a screen nobody clicks (kiosk), nor on the Live Dashboard, whose data comes by push for the one printer shown.
  usePrefetchWhenIdle(prefetch, shown, neighbours, prefetchHinted, !kiosk && report !== 'tv-dashboard');
  // The report shows the chosen group in the click's own render; the URL (and the shell's group) follow in a transition.
  const { showGroup } = reportFilters;
  const changeGroup = useCallback(
    (next: SystemGroup) => {
      showGroup?.(next);
      selectGroup(next);
    },
    [showGroup, selectGroup],
  );
  const loading = <LoadingScreen text={t('report.loading')} />;
  return (
    <ReportPrefetchContext value={prefetch}>
      {kiosk ? null : (
        <FilterBar
          filters={reportFilters}
          group={reportFilters.filters?.systemGroup ?? group}
          userGroups={userGroups}
          onGroupChange={changeGroup}
          variant={variant}
          onBack={onBack}
          onHint={prefetchHinted}
        />
      )}
      {reportFilters.filters === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          {children({
            filters: reportFilters.filters,
            // A system's pages show one system: no machine filter (spec reports §2); kiosk mode shows none either.
            machineFilter:
              variant === 'report' && reportFilters.machineTree && !kiosk ? (
                <MachineFilterPanel tree={reportFilters.machineTree} />
              ) : null,
            nothingSelected: reportFilters.nothingSelected ?? false,
          })}
        </Suspense>
      )}
    </ReportPrefetchContext>
  );
}

/**
 * The frame every report page shares (spec reports §2): the page title, the filter bar of the selected group, a spinner
 * until the report's layout and the group's filter data have arrived, then the report with the machine filter panel to
 * place beside it. Panels inside show lengths in the user's unit (user settings `lengthUnits`).
 */
export function ReportFrame({ title, report, children, titleHidden = false, system }: ReportFrameProps): JSX.Element {
  const { t } = useTranslation();
  const { selectedGroup, userGroups, selectGroup, settings } = useSelectedGroup();
  const kiosk = useKiosk();
  const { data, isError } = useReportLayout(layoutIdOf(report));
  const layout = data?.layout;
  // The layout runtime and the panels' code load while the frame waits for the user's settings and the filter data.
  useEffect(() => preloadReportPage(), []);
  useEffect(() => {
    if (layout !== undefined) preloadReport(layout);
  }, [layout]);
  const titleClass = titleHidden || kiosk ? 'visually-hidden' : 'page__title';
  // Only a layout never loaded is an error here: a later fetch that failed (the refetch of everything on screen when
  // the portal answers again after an outage, which may go out while it is still away) keeps the report as it was.
  if (isError && layout === undefined) {
    return (
      <section className="page page--report">
        <h1 className={titleClass}>{title}</h1>
        <p role="alert" className="page__message">
          {t('report.layoutFailed')}
        </p>
      </section>
    );
  }
  if (selectedGroup === null || settings === null || layout === undefined) return <LoadingScreen />;
  return (
    <section className={kiosk ? 'page page--report page--kiosk' : 'page page--report'}>
      <h1 className={titleClass}>{title}</h1>
      <LengthUnitsProvider lengthUnits={settings.lengthUnits}>
        <FramedReport
          report={report}
          layout={layout}
          group={selectedGroup}
          userGroups={userGroups}
          selectGroup={selectGroup}
          system={system}
        >
          {children}
        </FramedReport>
      </LengthUnitsProvider>
    </section>
  );
}
