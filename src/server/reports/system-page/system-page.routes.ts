import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { ERROR_RESPONSES } from '../../../shared/contract/primitives.ts';
import {
  MachineSettingsQuerySchema,
  MachineSettingsSchema,
  SystemAchievementSchema,
  SystemAvailabilityTimelineSchema,
  SystemEventsFileQuerySchema,
  SystemImpressionsCardsSchema,
  SystemInkQuerySchema,
  SystemInkTableSchema,
  SystemMessagesSchema,
  SystemPageCardsSchema,
  SystemPeriodQuerySchema,
  SystemQualisetSchema,
  SystemSeriesQuerySchema,
  SystemTimelineSchema,
  type MachineSettingsQuery,
  type SystemEventsFileQuery,
  type SystemInkQuery,
  type SystemPeriodQuery,
  type SystemSeriesQuery,
} from '../../../shared/contract/system-page.contract.ts';
import { ExportCheckResponses, XlsxFileSchema } from '../../../shared/contract/jobs.contract.ts';
import {
  SoftwareVersionsResponseSchema,
  SystemPageQuerySchema,
  type SystemPageQuery,
} from '../../../shared/contract/system-data.contract.ts';
import { loadCurrentUser } from '../../users/current-user.ts';
import type { ExportLimits } from '../exports/stream-export.ts';
import { reportCall, type ReportCall } from '../common/report-call.ts';
import { openReportContext } from '../common/report-context.ts';
import { softwareVersions } from '../systems/system-data.ts';
import { machineSettings } from './machine-settings.ts';
import { systemAchievement } from './system-achievement.ts';
import { systemAvailabilityTimeline } from './system-availability.ts';
import { systemCards } from './system-cards.ts';
import { sendEventsFile } from './system-events-file.ts';
import { systemImpressionsCards } from './system-impressions.ts';
import { systemInkTable } from './system-ink.ts';
import { systemMessages } from './system-messages.ts';
import { withSystemPage, type SystemPageContext } from './system-page-context.ts';
import { systemQualiset } from './system-qualiset.ts';
import { systemTimeline } from './system-timeline.ts';

export const SYSTEM_PAGE_PREFIX = '/api/system-page-report';

/** The query of any JSON call: the period query, and the extra parameter of the calls that take one. */
type SystemCallQuery = SystemPeriodQuery &
  Pick<SystemInkQuery, 'isToday'> &
  Pick<SystemSeriesQuery, 'timeLineGranularity'>;

interface SystemPageCall extends ReportCall<SystemPageContext, SystemCallQuery> {
  querystring: TSchema;
}

/** Every JSON call of spec reports §7 "System page and analysis" on one system: its query, answer and computation. */
const SYSTEM_PAGE_CALLS: Record<string, SystemPageCall> = {
  'system-timeline': { querystring: SystemPeriodQuerySchema, ...reportCall(SystemTimelineSchema, systemTimeline) },
  cards: { querystring: SystemPeriodQuerySchema, ...reportCall(SystemPageCardsSchema, systemCards) },
  'error-maintenance-messages': {
    querystring: SystemPeriodQuerySchema,
    ...reportCall(SystemMessagesSchema, systemMessages),
  },
  'ink-table': {
    querystring: SystemInkQuerySchema,
    ...reportCall(SystemInkTableSchema, (context, query) => systemInkTable(context, query.isToday === true)),
  },
  qualiset: { querystring: SystemPeriodQuerySchema, ...reportCall(SystemQualisetSchema, systemQualiset) },
  'impressions-cards': {
    querystring: SystemPeriodQuerySchema,
    ...reportCall(SystemImpressionsCardsSchema, systemImpressionsCards),
  },
  'availability-and-timeline': {
    querystring: SystemSeriesQuerySchema,
    ...reportCall(SystemAvailabilityTimelineSchema, (context, query) =>
      systemAvailabilityTimeline(context, query.timeLineGranularity),
    ),
  },
  achievement: {
    querystring: SystemSeriesQuerySchema,
    ...reportCall(SystemAchievementSchema, (context, query) => systemAchievement(context, query.timeLineGranularity)),
  },
};

/** The JSON calls' names, for tests. */
export const SYSTEM_PAGE_CALL_NAMES = Object.keys(SYSTEM_PAGE_CALLS);

/**
 * /api/system-page-report/*: the system page, and GET /api/system-data/settings: the machine config
 * (docs/architecture.md "System page API"). Register inside the scope of registerTenantScope: handlers reach the
 * database only through `request.tenantDb`. `clock` is the server clock (a period in progress is compared up to it).
 */
export async function registerSystemPageReportRoutes(
  app: FastifyInstance,
  limits: ExportLimits,
  clock: () => Date,
): Promise<void> {
  for (const [name, call] of Object.entries(SYSTEM_PAGE_CALLS)) {
    app.get<{ Querystring: SystemCallQuery }>(
      `${SYSTEM_PAGE_PREFIX}/${name}`,
      { schema: { querystring: call.querystring, response: { 200: call.response, ...ERROR_RESPONSES } } },
      async (request) => withSystemPage(request, clock(), (context) => call.build(context, request.query)),
    );
  }

  app.get<{ Querystring: SystemEventsFileQuery }>(
    `${SYSTEM_PAGE_PREFIX}/error-maintenance-file`,
    {
      schema: {
        querystring: SystemEventsFileQuerySchema,
        response: {
          200: XlsxFileSchema,
          204: ExportCheckResponses[204],
          205: ExportCheckResponses[205],
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      await sendEventsFile(request, reply, limits.eventExportRows);
      return reply;
    },
  );

  app.get<{ Querystring: MachineSettingsQuery }>(
    '/api/system-data/settings',
    {
      schema: { querystring: MachineSettingsQuerySchema, response: { 200: MachineSettingsSchema, ...ERROR_RESPONSES } },
    },
    async (request) =>
      request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        return machineSettings(trx, scope, request.query);
      }),
  );

  app.get<{ Querystring: SystemPageQuery }>(
    `${SYSTEM_PAGE_PREFIX}/software-versions`,
    {
      schema: {
        querystring: SystemPageQuerySchema,
        response: { 200: SoftwareVersionsResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { systemGroup, system, ...query } = request.query;
      return request.tenantDb(async (trx) => {
        const { scope } = await loadCurrentUser(trx, request.portalUser);
        const context = await openReportContext(trx, {
          scope,
          group: systemGroup,
          serialNumbers: [system],
          query,
          now: new Date(),
        });
        return softwareVersions(context, system);
      });
    },
  );
}
