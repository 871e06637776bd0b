import type { FleetHistoryStatus } from './contract/health.contract.ts';

export type { FleetHistoryStatus };

/** True while some days of the history are still missing. */
export function isHistoryLoading(status: FleetHistoryStatus | null | undefined): status is FleetHistoryStatus {
  return status !== null && status !== undefined && status.daysAvailable < status.daysTotal;
}
