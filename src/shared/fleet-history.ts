/**
 * How much of the demo fleet's history is in the database while the first start fills it in the background
 * (GET /api/health `history`; absent when the portal seeds no demo data).
 */
export interface FleetHistoryStatus {
  /** Local days of the history whose records are all stored. */
  daysAvailable: number;
  /** Local days the history will have when complete. */
  daysTotal: number;
}

/** True while some days of the history are still missing. */
export function isHistoryLoading(status: FleetHistoryStatus | null | undefined): status is FleetHistoryStatus {
  return status !== null && status !== undefined && status.daysAvailable < status.daysTotal;
}

/** The shell's notice while history loads. */
export function historyNoticeText(status: FleetHistoryStatus): string {
  return `Fleet history is still loading: ${status.daysAvailable} of ${status.daysTotal} days available`;
}
