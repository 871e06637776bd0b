/**
 * What the OpenAPI document says about each operation beyond its JSON Schemas (routes/openapi-publication.ts applies
 * it): one table here, so the report route files stay free of documentation. `api-docs.routes.test.ts` fails on a
 * documented route without an entry and on an entry without a route.
 */

/** The document's tags, in the order a reader meets the reports; each operation names one. */
export const API_TAGS = {
  Health: 'Liveness and database check for monitors and load balancers; no token.',
  Configuration: 'The runtime configuration the single-page app loads before it starts; no token.',
  Ingest: 'Telemetry from printers and gateways, authenticated with a per-tenant ingest token.',
  Users: "The signed-in user's profile, locale, terms agreement and settings; the tenant's users for admins.",
  'Report filters':
    'What every report offers to filter by: date filters, the systems of a group and their state, sites.',
  'Report layouts':
    "Each report page's layout (queries, panels, placement) as the portal serves it from layouts/; admins also see a layout file's errors.",
  'Fleet data': "Customers, sites and systems in the caller's scope, and the customer owning a serial number.",
  Goals:
    "The weekly and yearly production goals of the caller's groups, their progress and forecast; goal setters set them.",
  Overview:
    'The Overview report: KPI cards, graphs, matrices and KPIs of a system group over a period and the one before.',
  Jobs: 'The Jobs Analysis report: cards, graphs, KPIs, the job summary and its XLSX downloads.',
  Systems: 'The Systems Analysis report and the systems’ nicknames.',
  'System page':
    "One system's page and machine config: timeline, cards, messages, ink, Qualiset, software versions, its XLSX download.",
  'Live Dashboard': "The TV dashboard's impressions chart and its live push stream (Server-Sent Events).",
  'E-mail reports':
    "The signed-in user's scheduled e-mail reports, the report types they may send, and the public unsubscribe call of their links.",
  'API access':
    "API Management: the signed-in user's client certificate for the public data API (mutual TLS), Certificate role only.",
  'Super users':
    "The super user's tenant picker during sign-in: tenant search and the choice; authorised by the sign-in's sessionToken, no bearer token.",
} as const;

export type ApiTag = keyof typeof API_TAGS;

/**
 * Who may call an operation: `user` needs an access token from the identity provider (the document's default),
 * `ingest` a per-tenant ingest token, `public` nothing.
 */
export type ApiAccess = 'user' | 'ingest' | 'public';

/**
 * Failures an operation answers beyond those its access and input imply (openapi-publication.ts derives 400, 401,
 * 403, 413 and 415): 404 for a named system or serial outside the caller's scope, 503 for a database that does not answer,
 * 403 for a public call whose signed token does not hold.
 */
export type ExtraErrorStatus = 403 | 404 | 429 | 503;

export interface ApiOperation {
  tag: ApiTag;
  /** Stable: generated clients name their functions after it. */
  operationId: string;
  summary: string;
  /** Default `user`. */
  access?: ApiAccess;
  errors?: readonly ExtraErrorStatus[];
}

/** `METHOD /url` as Fastify registers the route. */
export type OperationKey = `${'GET' | 'POST' | 'DELETE'} /${string}`;

export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

const overview = (operationId: string, summary: string): ApiOperation => ({ tag: 'Overview', operationId, summary });
const jobs = (operationId: string, summary: string): ApiOperation => ({ tag: 'Jobs', operationId, summary });
/** Every system page call names one system: 404 when it is not in the caller's scope or not of the group. */
const systemPage = (operationId: string, summary: string): ApiOperation => ({
  tag: 'System page',
  operationId,
  summary,
  errors: [404],
});

/** Every documented operation of the portal's API. */
export const API_OPERATIONS: Readonly<Record<OperationKey, ApiOperation>> = {
  'GET /api/health': {
    tag: 'Health',
    operationId: 'getHealth',
    summary: 'Check that the portal and its database answer',
    access: 'public',
    errors: [503],
  },
  'GET /config.js': {
    tag: 'Configuration',
    operationId: 'getRuntimeConfigScript',
    summary: 'Get the runtime configuration script of the single-page app',
    access: 'public',
  },
  'POST /api/ingest/telemetry': {
    tag: 'Ingest',
    operationId: 'ingestTelemetry',
    summary: 'Store a batch of telemetry records of one tenant',
    access: 'ingest',
  },

  'GET /api/users/profile-data': {
    tag: 'Users',
    operationId: 'getProfile',
    summary: "Get the signed-in user's profile",
  },
  'POST /api/users/locale': { tag: 'Users', operationId: 'setLocale', summary: "Set the signed-in user's locale" },
  'POST /api/users/agreement': {
    tag: 'Users',
    operationId: 'recordAgreement',
    summary: "Record the user's answer to the terms of use",
  },
  'GET /api/users/user-settings': {
    tag: 'Users',
    operationId: 'getUserSettings',
    summary: "Get the signed-in user's settings",
  },
  'POST /api/users/user-settings': {
    tag: 'Users',
    operationId: 'saveUserSettings',
    summary: "Save the signed-in user's settings",
  },
  'GET /api/users/extended': {
    tag: 'Users',
    operationId: 'listTenantUsers',
    summary:
      "List the tenant's users, shadow users hidden; `search` (2+ characters) filters first or last names (Admin)",
  },
  'POST /api/users': {
    tag: 'Users',
    operationId: 'saveTenantUser',
    summary:
      "Create (no id) or edit a user of the tenant, within the admin's roles and scope (Admin); an e-mail in use answers 500 with the text body 'CODE:1000 …'",
    errors: [404],
  },
  'DELETE /api/users/:id': {
    tag: 'Users',
    operationId: 'deleteTenantUser',
    summary: 'Delete a user of the tenant; never the root user (Admin)',
    errors: [404],
  },

  'POST /api/users/:id/invitation': {
    tag: 'Users',
    operationId: 'sendInvitation',
    summary:
      "E-mail a user of the tenant a single-use link (7 days) to set their password, then go on to redirectUrl on the portal's origin (Admin)",
    errors: [404],
  },
  'POST /api/users/:id/password-reset': {
    tag: 'Users',
    operationId: 'resetPassword',
    summary:
      'E-mail a user of the tenant a single-use link (1 hour) to choose a new password; after 3 resets within an hour only with a solved captcha in X-Recaptcha-Token (Admin)',
    errors: [404, 429],
  },
  'GET /api/users/captcha-challenge': {
    tag: 'Users',
    operationId: 'getCaptchaChallenge',
    summary:
      "A proof-of-work challenge (altcha's protocol, 10 minutes) for a password reset that needs a captcha (Admin)",
  },
  'GET /api/users/:id/avatar': {
    tag: 'Users',
    operationId: 'getUserAvatar',
    summary: "A user's uploaded picture, 128 × 128 JPEG or PNG, for users of the same tenant (their profilePictureUrl)",
    errors: [404],
  },
  'GET /api/users/certificate-details': {
    tag: 'API access',
    operationId: 'getCertificateDetails',
    summary: "The user's client certificate in force (e-mail, thumbprint, validity); an empty object without one",
  },
  'GET /api/users/certificate-file': {
    tag: 'API access',
    operationId: 'getCertificateFile',
    summary: "Download the user's client certificate, PEM, as certificate.crt",
    errors: [404],
  },
  'POST /api/users/create-certificate': {
    tag: 'API access',
    operationId: 'createCertificate',
    summary:
      'Issue a new client certificate (the one in force is revoked); the answer carries its private key, PEM, this once',
  },
  'DELETE /api/users/delete-certificate': {
    tag: 'API access',
    operationId: 'deleteCertificate',
    summary: "Revoke the user's client certificate",
    errors: [404],
  },

  'GET /api/reports/date-filters': {
    tag: 'Report filters',
    operationId: 'getDateFilters',
    summary: 'Get the filter data of each system group: data range, sites, models and systems',
  },
  'POST /api/reports/getMaxKeepAlive': {
    tag: 'Report filters',
    operationId: 'getMaxKeepAlive',
    summary: 'Get the last time the systems of a group reported',
  },
  'GET /api/reports/systems': {
    tag: 'Report filters',
    operationId: 'listReportSystems',
    summary: "List the systems of a group in the caller's scope",
  },
  'GET /api/reports/current-state': {
    tag: 'Report filters',
    operationId: 'getCurrentState',
    summary: 'Get the current status of each system of a group and the count per status',
  },
  'GET /api/reports/site-extensions': {
    tag: 'Report filters',
    operationId: 'getSiteExtensions',
    summary: "List the caller's sites with their time zones and system groups",
  },
  'GET /api/reports/reported-printers-status': {
    tag: 'Report filters',
    operationId: 'getReportedPrintersStatus',
    summary: 'Count the printers of each group that have reported',
  },

  'GET /api/report-layouts/:layoutId': {
    tag: 'Report layouts',
    operationId: 'getReportLayout',
    summary: "Get a report page's layout (304 when the If-None-Match tag is current)",
    errors: [404],
  },

  'GET /api/data/customers': {
    tag: 'Fleet data',
    operationId: 'listCustomers',
    summary: "List the caller's customers",
  },
  'GET /api/data/sites': { tag: 'Fleet data', operationId: 'listSites', summary: "List the caller's sites" },
  'GET /api/data/systems': { tag: 'Fleet data', operationId: 'listSystems', summary: "List the caller's systems" },
  'GET /api/data/customer-data': {
    tag: 'Fleet data',
    operationId: 'getCustomerOfSystem',
    summary: 'Get the customer owning a serial number',
    errors: [404],
  },

  'GET /api/data/goals': {
    tag: 'Goals',
    operationId: 'getGoals',
    summary: "Get the current weekly and yearly goal of each of the caller's groups, with progress and forecast",
  },
  'POST /api/data/goals': {
    tag: 'Goals',
    operationId: 'setGoal',
    summary: 'Set the goal of the current week or year of a group (GoalsSetter, Admin)',
  },

  'POST /api/overview-report/overview-cards': overview('getOverviewCards', 'Get the Overview KPI cards'),
  'POST /api/overview-report/oee': overview('getOverviewOee', 'Get the OEE card'),
  'POST /api/overview-report/impressions-availability-cards': overview(
    'getImpressionsAvailabilityCards',
    'Get the impressions and availability cards',
  ),
  'POST /api/overview-report/production-rate': overview('getProductionRate', 'Get the production rate'),
  'POST /api/overview-report/productivity': overview('getProductivity', 'Get the productivity'),
  'POST /api/overview-report/achievements': overview('getAchievements', 'Get the achievements against targets'),
  'POST /api/overview-report/overview-graphs': overview('getOverviewGraphs', 'Get the Overview graphs'),
  'POST /api/overview-report/impressions-availability-graphs': overview(
    'getImpressionsAvailabilityGraphs',
    'Get the impressions and availability graphs',
  ),
  'POST /api/overview-report/impressions-by-hour-matrix': overview(
    'getImpressionsByHourMatrix',
    'Get the impressions by hour matrix',
  ),
  'POST /api/overview-report/utilization-productivity-matrix': overview(
    'getUtilizationProductivityMatrix',
    'Get the utilization and productivity matrix',
  ),
  'POST /api/overview-report/impressionsKPIs': overview('getImpressionsKpis', 'Get the impressions KPIs'),
  'POST /api/overview-report/availabilitiesKPIs': overview('getAvailabilitiesKpis', 'Get the availability KPIs'),

  'POST /api/job-analysis-report/total-data-cards': jobs('getJobTotalDataCards', 'Get the job totals cards'),
  'POST /api/job-analysis-report/data-per-unit-cards': jobs('getJobDataPerUnitCards', 'Get the per-unit job cards'),
  'POST /api/job-analysis-report/graphs': jobs('getJobGraphs', 'Get the Jobs Analysis graphs'),
  'POST /api/job-analysis-report/total-impressions': jobs('getJobTotalImpressions', 'Get the total impressions'),
  'POST /api/job-analysis-report/print-time-KPIs': jobs('getJobPrintTimeKpis', 'Get the print time KPIs'),
  'POST /api/job-analysis-report/cycle-time-KPIs': jobs('getJobCycleTimeKpis', 'Get the cycle time KPIs'),
  'POST /api/job-analysis-report/ink-consumption-KPIs': jobs(
    'getJobInkConsumptionKpis',
    'Get the ink consumption KPIs',
  ),
  'POST /api/job-analysis-report/total-bottles-loaded-KPIs': jobs(
    'getJobBottlesLoadedKpis',
    'Get the ink bottles loaded KPIs',
  ),
  'POST /api/job-analysis-report/job-summary': jobs('getJobSummary', 'Get the job summary table'),
  'POST /api/job-analysis-report/check-ink-consumption-per-job-file': jobs(
    'checkInkConsumptionPerJobFile',
    'Check whether the ink consumption per job download has data and fits',
  ),
  'POST /api/job-analysis-report/ink-consumption-per-job-file': jobs(
    'downloadInkConsumptionPerJobFile',
    'Download the ink consumption per job (XLSX)',
  ),
  'POST /api/job-analysis-report/check-errors-and-maintenance-file': jobs(
    'checkErrorsAndMaintenanceFile',
    'Check whether the errors and maintenance download has data and fits',
  ),
  'POST /api/job-analysis-report/errors-and-maintenance-file': jobs(
    'downloadErrorsAndMaintenanceFile',
    'Download the errors and maintenance events (XLSX)',
  ),

  'GET /api/system-data/systems-name': {
    tag: 'Systems',
    operationId: 'listSystemNicknames',
    summary: 'List the nicknames of the systems of a group',
  },
  'POST /api/system-data/system-name': {
    tag: 'Systems',
    operationId: 'renameSystem',
    summary: "Set a system's nickname",
    errors: [404],
  },
  'GET /api/system-data/systems-analysis': {
    tag: 'Systems',
    operationId: 'getSystemsAnalysis',
    summary: 'Get the Systems Analysis table',
  },

  'GET /api/system-page-report/system-timeline': systemPage('getSystemTimeline', "Get a system's state timeline"),
  'GET /api/system-page-report/cards': systemPage('getSystemCards', "Get a system's KPI cards"),
  'GET /api/system-page-report/error-maintenance-messages': systemPage(
    'getSystemMessages',
    "Get a system's error and maintenance messages",
  ),
  'GET /api/system-page-report/ink-table': systemPage('getSystemInkTable', "Get a system's ink table"),
  'GET /api/system-page-report/qualiset': systemPage('getSystemQualiset', "Get a system's Qualiset results"),
  'GET /api/system-page-report/impressions-cards': systemPage(
    'getSystemImpressionsCards',
    "Get a system's impressions cards",
  ),
  'GET /api/system-page-report/availability-and-timeline': systemPage(
    'getSystemAvailabilityTimeline',
    "Get a system's availability over time",
  ),
  'GET /api/system-page-report/achievement': systemPage('getSystemAchievement', "Get a system's achievement over time"),
  'GET /api/system-page-report/error-maintenance-file': systemPage(
    'downloadSystemEventsFile',
    "Download a system's error and maintenance events (XLSX)",
  ),
  'GET /api/system-page-report/software-versions': systemPage(
    'getSystemSoftwareVersions',
    "Get a system's software versions",
  ),
  'GET /api/system-data/settings': systemPage('getMachineSettings', "Get a system's machine settings"),

  'GET /api/tv-dashboard/xmrImpressions': {
    tag: 'Live Dashboard',
    operationId: 'getLiveDashboardImpressions',
    summary: "Get a system's impressions chart of the current shift",
    errors: [404],
  },
  'GET /api/tv-dashboard/live': {
    tag: 'Live Dashboard',
    operationId: 'streamLiveDashboard',
    summary: "Stream a system's new data as Server-Sent Events",
    errors: [404],
  },

  'GET /api/email-reports-scheduler/entries': {
    tag: 'E-mail reports',
    operationId: 'listEmailReportEntries',
    summary: "List the signed-in user's e-mail report entries",
  },
  'POST /api/email-reports-scheduler/entries': {
    tag: 'E-mail reports',
    operationId: 'saveEmailReportEntry',
    summary: 'Create an e-mail report entry, or save one (e.g. switch its sending on or off)',
    errors: [404],
  },
  'DELETE /api/email-reports-scheduler/entries/:id': {
    tag: 'E-mail reports',
    operationId: 'deleteEmailReportEntry',
    summary: "Delete one of the signed-in user's e-mail report entries",
    errors: [404],
  },
  'GET /api/email-reports-scheduler/templates': {
    tag: 'E-mail reports',
    operationId: 'listEmailReportTemplates',
    summary: 'List the report types an e-mail report entry may send',
  },
  'POST /api/email-reports-scheduler/unsubscribe': {
    tag: 'E-mail reports',
    operationId: 'unsubscribeEmailReport',
    summary: "Stop an e-mail report from its link's signed token and the recipient's address",
    access: 'public',
    errors: [403],
  },

  'GET /api/super-users/get-super-user-tenants': {
    tag: 'Super users',
    operationId: 'searchSuperUserTenants',
    summary: 'Search the tenants a super user signing in may act in, by part of the name',
    access: 'public',
    errors: [403],
  },
  'GET /api/super-users/login-callback': {
    tag: 'Super users',
    operationId: 'chooseSuperUserTenant',
    summary: "Record the super user's tenant choice and answer where the sign-in continues",
    access: 'public',
    errors: [403, 404],
  },
};
