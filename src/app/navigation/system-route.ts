import type { SystemSubReport } from '../../shared/systems/system-pages.ts';
import { PATHS } from './paths.ts';

/**
 * A system's page (spec reports §2: /reports/systems/{subReport}/{serialNumber}) with the report's query string, so
 * the group, the period and the selection stay: the `useSystemPageLink` capability of every report that links there.
 */
export function systemRoute(subReport: SystemSubReport, serialNumber: string, search: string): string {
  return `${PATHS.systems}/${subReport}/${encodeURIComponent(serialNumber)}${search}`;
}
