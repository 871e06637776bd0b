import { useEffect, useMemo, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useDateFilters } from '../../api/date-filters.ts';
import { PanelCapabilitiesProvider, type PanelCapabilities } from '../../runtime/panel-capabilities.tsx';
import { layoutIdOf } from '../../runtime/report-layouts.ts';
import '../../runtime/report-texts.ts';
import type { ParseKeys } from 'i18next';
import type { ReportFilters } from '../../shared/report-filters.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import type { ReportId } from '../../shared/timeframes/timeframes.ts';
import { PATHS } from '../navigation/paths.ts';
import { systemRoute } from '../navigation/system-route.ts';
import { useSelectedGroup } from '../shell/SelectedGroupProvider.tsx';
import { ReportFrame, type ReportBody } from './ReportFrame.tsx';
import { useSystemEventsFile } from './SystemPages/events-file.ts';
import { LazyReportPage } from './LazyReportPage.tsx';
import './pages.css';

/** A system's own pages under /reports/systems/{subReportType}/{systemName} (spec reports §2) and their report ids (§9). */
const SUB_REPORTS = {
  'system-page': { title: 'report.subReports.systemPage', report: 'systemPage' },
  'machine-config': { title: 'report.subReports.machineConfig', report: 'machineConfig' },
  'service-ticket': { title: 'report.subReports.serviceTicket', report: 'serviceTicket' },
} as const satisfies Record<string, { title: ParseKeys; report: ReportId }>;

type SubReportType = keyof typeof SUB_REPORTS;

function isSubReportType(value: string): value is SubReportType {
  return Object.hasOwn(SUB_REPORTS, value);
}

/** Where the route's system is in the user's filter data: its group and id; null when no group of the user has it. */
export interface SystemTarget {
  group: SystemGroup;
  id: string;
}

/** The group and id of the system with serial number `serial` in the date-filters answer (undefined while loading). */
function useSystemTarget(serial: string): SystemTarget | null | undefined {
  const { data, isError } = useDateFilters();
  if (data === undefined) return isError ? null : undefined;
  for (const entry of data.groups) {
    const system = entry.systems.find((candidate) => candidate.name === serial);
    if (system !== undefined) return { group: entry.systemGroup, id: system.id };
  }
  return null;
}

/** The layout of one system: the report's filters narrowed to it, the events download and links to its other pages. */
function SystemReport({
  filters,
  layoutId,
  serial,
  systemId,
}: Pick<ReportBody, 'filters'> & { layoutId: string; serial: string; systemId: string }): JSX.Element {
  const systemFilters = useMemo<ReportFilters>(
    () => ({ ...filters, systems: [serial], system: serial, systemId }),
    [filters, serial, systemId],
  );
  const capabilities = useMemo<Pick<PanelCapabilities, 'useSystemEventsFile' | 'useSystemPageLink'>>(
    () => ({
      useSystemEventsFile: () => useSystemEventsFile(systemFilters),
      useSystemPageLink: () => (subReport, serialNumber) =>
        systemRoute(subReport, serialNumber, window.location.search),
    }),
    [systemFilters],
  );
  return (
    <PanelCapabilitiesProvider capabilities={capabilities}>
      <LazyReportPage reportId={layoutId} filters={systemFilters} />
    </PanelCapabilitiesProvider>
  );
}

function SystemPage({ type, serial }: { type: SubReportType; serial: string }): JSX.Element {
  const { t } = useTranslation();
  const { title, report } = SUB_REPORTS[type];
  const target = useSystemTarget(serial);
  const { selectedGroup, selectGroup } = useSelectedGroup();
  // The system's own group: a link from another group's page (or an old bookmark) still shows the system.
  const otherGroup = target !== null && target !== undefined && target.group !== selectedGroup ? target.group : null;
  useEffect(() => {
    if (otherGroup !== null) selectGroup(otherGroup);
  }, [otherGroup, selectGroup]);
  return (
    <ReportFrame
      title={t('report.subReportTitle', { page: t(title), serial })}
      report={report}
      titleHidden={type === 'service-ticket'}
      system={serial}
    >
      {({ filters }) =>
        target === null ? (
          <p role="alert" className="page__message">
            {t('errors.notFound')}
          </p>
        ) : target === undefined || otherGroup !== null ? null : (
          <SystemReport filters={filters} layoutId={layoutIdOf(report)} serial={serial} systemId={target.id} />
        )
      }
    </ReportFrame>
  );
}

/**
 * A per-system sub-report (system page, machine config, service ticket): a layout of its own on the report runtime,
 * narrowed to the route's system; an unknown type goes back to Systems Analysis.
 */
export function SystemSubReportPage(): JSX.Element {
  const { subReportType = '', systemName = '' } = useParams();
  if (!isSubReportType(subReportType)) return <Navigate to={PATHS.systems} replace />;
  return <SystemPage key={`${subReportType}/${systemName}`} type={subReportType} serial={systemName} />;
}
