import * as initial from './001-initial.migration.ts';
import * as fleetData from './002-fleet-data.migration.ts';
import * as rowLevelSecurity from './003-row-level-security.migration.ts';
import * as ownAccountRow from './004-own-account-row.migration.ts';
import * as statusIntervalMaxLength from './005-status-interval-max-length.migration.ts';
import * as demoHistoryProgress from './006-demo-history-progress.migration.ts';
import * as latestJobEndIndex from './007-latest-job-end-index.migration.ts';
import * as goals from './008-goals.migration.ts';
import * as systemsAnalysisView from './009-systems-analysis-view.migration.ts';
import * as siteGroupRollups from './010-site-group-rollups.migration.ts';
import * as jobEndAttribution from './011-job-end-attribution.migration.ts';
import * as oeeInputs from './012-oee-inputs.migration.ts';
import * as lastUpdateFromReports from './013-last-update-from-reports.migration.ts';
import * as jobDayMedia from './014-job-day-media.migration.ts';
import * as machineParameterRanges from './015-machine-parameter-ranges.migration.ts';
import * as shiftValidity from './016-shift-validity.migration.ts';
import * as eventsSystemStart from './017-events-system-start.migration.ts';
import * as recordIdentity from './018-record-identity.migration.ts';
import * as emailSchedules from './019-email-schedules.migration.ts';
import * as goalCanonicalValues from './020-goal-canonical-values.migration.ts';
import * as userEmailAnyCase from './021-user-email-any-case.migration.ts';
import * as accountAccess from './022-account-access.migration.ts';
import * as superUserTenantChoice from './023-super-user-tenant-choice.migration.ts';
import * as clientCertificates from './024-client-certificates.migration.ts';
import * as plannedHours from './025-planned-hours.migration.ts';
import * as signInThrottle from './029-sign-in-throttle.migration.ts';
import * as statusIntervalEndIndex from './030-status-interval-end-index.migration.ts';
import * as apiRateBuckets from './031-api-rate-buckets.migration.ts';
import * as statusIntervalEndCoverIndex from './032-status-interval-end-cover-index.migration.ts';
import * as statusIntervalInsertVacuum from './033-status-interval-insert-vacuum.migration.ts';
import * as monthRollups from './026-month-rollups.migration.ts';

/** A migration module: a unique name and the SQL that applies it. */
export interface Migration {
  name: string;
  up: string;
}

/** Every migration, in the order they apply. A new migration is a new `00N-*.migration.ts` file plus one line here. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  fleetData,
  rowLevelSecurity,
  ownAccountRow,
  statusIntervalMaxLength,
  demoHistoryProgress,
  latestJobEndIndex,
  goals,
  systemsAnalysisView,
  siteGroupRollups,
  jobEndAttribution,
  oeeInputs,
  lastUpdateFromReports,
  jobDayMedia,
  machineParameterRanges,
  shiftValidity,
  eventsSystemStart,
  recordIdentity,
  emailSchedules,
  goalCanonicalValues,
  userEmailAnyCase,
  accountAccess,
  superUserTenantChoice,
  clientCertificates,
  plannedHours,
  monthRollups,
  signInThrottle,
  statusIntervalEndIndex,
  apiRateBuckets,
  statusIntervalEndCoverIndex,
  statusIntervalInsertVacuum,
];
