import { Navigate, useParams } from 'react-router';
import { PATHS } from '../routes/route-access.ts';
import { PlaceholderPage } from './PlaceholderPage.tsx';

/** Titles of the per-system sub-reports under /reports/systems/{subReportType}/{systemName} (spec reports §2). */
export const SUB_REPORT_TITLES: Record<string, string> = {
  'system-page': 'System Page',
  'machine-config': 'Machine Config',
  'service-ticket': 'Service Ticket',
};

/** A per-system sub-report: its own title and the system's name; an unknown type goes back to Systems Analysis. */
export function SystemSubReportPage() {
  const { subReportType = '', systemName = '' } = useParams();
  const title = SUB_REPORT_TITLES[subReportType];
  if (title === undefined) return <Navigate to={PATHS.systems} replace />;
  return <PlaceholderPage title={`${title}: ${systemName}`} kind="report" />;
}
