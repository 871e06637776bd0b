import { Suspense, type JSX, type ReactNode } from 'react';
import { LengthUnitsProvider } from '../../runtime/LengthUnitsProvider.tsx';
import type { ReportFilters } from '../../shared/report-filters.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { MachineFilterPanel } from '../filters/machine-tree/MachineFilterPanel.tsx';
import { useReportFilters } from '../filters/use-report-filters.ts';
import { useKiosk } from '../shell/kiosk.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
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
}

function FramedReport({
  report,
  group,
  userGroups,
  selectGroup,
  children,
}: Omit<ReportFrameProps, 'title'> & {
  group: SystemGroup;
  userGroups: readonly SystemGroup[];
  selectGroup: (group: SystemGroup) => void;
}): JSX.Element {
  const reportFilters = useReportFilters(report, group);
  // Kiosk mode (?kiosk): the report alone, without the filter bar and the machine filter; the URL chose the filters.
  const kiosk = useKiosk();
  const loading = <LoadingScreen text="Loading report..." />;
  return (
    <>
      {kiosk ? null : (
        <FilterBar filters={reportFilters} group={group} userGroups={userGroups} onGroupChange={selectGroup} />
      )}
      {reportFilters.filters === null ? (
        loading
      ) : (
        <Suspense fallback={loading}>
          {children({
            filters: reportFilters.filters,
            machineFilter:
              reportFilters.machineTree && !kiosk ? <MachineFilterPanel tree={reportFilters.machineTree} /> : null,
            nothingSelected: reportFilters.nothingSelected ?? false,
          })}
        </Suspense>
      )}
    </>
  );
}

/**
 * The frame every report page shares (spec reports §2): the page title, the filter bar of the selected group, a spinner
 * until the group's filter data has arrived, then the report with the machine filter panel to place beside it. Panels
 * inside show lengths in the user's unit (user settings `lengthUnits`).
 */
export function ReportFrame({ title, report, children }: ReportFrameProps): JSX.Element {
  const { selectedGroup, userGroups, selectGroup, settings } = useSelectedGroup();
  const kiosk = useKiosk();
  if (selectedGroup === null || settings === null) return <LoadingScreen />;
  return (
    <section className={kiosk ? 'page page--report page--kiosk' : 'page page--report'}>
      <h1 className={kiosk ? 'page__title visually-hidden' : 'page__title'}>{title}</h1>
      <LengthUnitsProvider lengthUnits={settings.lengthUnits}>
        <FramedReport report={report} group={selectedGroup} userGroups={userGroups} selectGroup={selectGroup}>
          {children}
        </FramedReport>
      </LengthUnitsProvider>
    </section>
  );
}
