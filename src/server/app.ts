import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import { registerAuthentication } from './auth/authentication.plugin.ts';
import { readOnlyScope, registerTenantScope } from './auth/tenant-request.ts';
import type { PortalConfig } from './config.ts';
import type { ReadReplica } from './db/read-replica.ts';
import type { Database } from './db/schema.ts';
import { errorBody, HttpError } from './http-errors.ts';
import { registerApiDocsRoutes, registerOpenApi } from './routes/api-docs.routes.ts';
import { registerDataRoutes } from './routes/data.routes.ts';
import { registerGoalRoutes } from './routes/goals.routes.ts';
import { registerHealthRoutes } from './routes/health.routes.ts';
import { INPUT_AJV_OPTIONS, registerInputRules } from './routes/input-rules.ts';
import { trackRequestActivity, type RequestActivity } from './routes/request-activity.ts';
import { lazySchemaCompilation, type LazySchemaCompilation } from './routes/lazy-schema-compilation.ts';
import { registerIngestRoutes } from './routes/ingest.routes.ts';
import { registerJobAnalysisRoutes } from './reports/jobs/jobs.routes.ts';
import { registerOverviewReportRoutes } from './reports/overview/overview.routes.ts';
import { forgetAnswersOnIngest, shareAnswers, sharedAnswers } from './reports/common/shared-answers.ts';
import { registerReportRoutes } from './routes/reports.routes.ts';
import { registerReportLayoutRoutes } from './routes/report-layouts.routes.ts';
import { openLayoutStore, type LayoutStore } from './layouts/layout-store.ts';
import { registerRuntimeConfigRoutes } from './routes/runtime-config.routes.ts';
import { registerSystemDataRoutes } from './reports/systems/system-data.routes.ts';
import { registerSystemPageReportRoutes } from './reports/system-page/system-page.routes.ts';
import { registerTvDashboardRoutes } from './reports/tv-dashboard/tv-dashboard.routes.ts';
import { registerTvLiveRoutes } from './reports/tv-dashboard/tv-live.routes.ts';
import { createInProcessHub, type LiveHub } from './live/live-hub.ts';
import { isBuiltSpa, registerStaticSite } from './routes/static-site.ts';
import { registerUserRoutes } from './routes/users.routes.ts';
import { registerUserAccessRoutes } from './routes/user-access.routes.ts';
import { registerUserAvatarRoute } from './routes/user-avatar.routes.ts';
import { createMailTransport, type MailTransport } from './mail/mail-transport.ts';
import { portalSecret } from './mail/portal-secrets.ts';
import { CAPTCHA_KEY_NAME } from './users/reset-captcha.ts';
import { registerCertificateRoutes } from './routes/certificates.routes.ts';
import { clientCaLoader, type ClientCa } from './tls/client-ca.ts';
import { registerPublicApiDocs } from './public-api/public-api-openapi.ts';
import { registerSchedulerRoutes, registerUnsubscribeRoute } from './routes/scheduler.routes.ts';
import { registerStrictTransport } from './strict-transport.ts';

/** What the API needs to run. */

/** Largest request head the HTTPS server accepts (Node's default is 16 KB). */
export const MAX_HEADER_BYTES = 64 * 1024;
export interface AppDeps {
  config: PortalConfig;
  db: Kysely<Database>;
  /** The connection GET /api/health asks the database through (PortalDatabase.healthDb); default `db`. */
  healthDb?: Kysely<Database>;
  /** Keys that verify access tokens: jose's createLocalJWKSet / createRemoteJWKSet. */
  getKey: JWTVerifyGetKey;
  /** Folder of the built SPA; null (or a folder without index.html) serves the API only. */
  distDir: string | null;
  /** Registers more routes before the app is sealed (the embedded identity provider). */
  registerExtras?: (app: FastifyInstance) => Promise<void>;
  /** Certificate and key to serve HTTPS; omitted for `inject` tests. */
  https?: { cert: string; key: string };
  /** Sees every route as it is registered, after the input rules (the fuzz test lists routes and schemas with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Fastify's logger option; off by default. */
  logger?: FastifyServerOptions['logger'];
  /**
   * The server clock of reports that read "now" (the TV dashboard's current shift, a period in progress and its
   * comparison); tests pin it. Default: the real clock.
   */
  clock?: () => Date;
  /**
   * Live push to open dashboards (live/live-hub.ts: LISTEN/NOTIFY on PostgreSQL); the caller creates and closes it.
   * Default: an in-process hub on `db`, closed with the app.
   */
  live?: LiveHub;
  /** Heartbeat of the live streams (tests shorten it). */
  liveHeartbeatMs?: number;
  /** The report layouts served (layouts/layout-store.ts; the portal's store watches its folder). Default: `config.layoutsDir`, read once. */
  layouts?: LayoutStore;
  /**
   * Wakes the e-mail report sender (jobs/report-scheduler.ts). With PORTAL_ENVIRONMENT=automation it backs the
   * e2e tests' `send-now` call; elsewhere that call does not exist.
   */
  sendReportsNow?: () => void;
  /**
   * Where invitation and password-reset e-mails go (mail/mail-transport.ts). Default: one from config (SMTP_URL, else
   * `.eml` files in `<dataDir>/outbox/`), closed with the app.
   */
  mail?: MailTransport;
  /** Report reads on a PostgreSQL hot standby (DATABASE_REPLICA_URL, db/read-replica.ts); default none: all on `db`. */
  replica?: ReadReplica | null;
  /** The client CA of API Management's certificates (tls/client-ca.ts). Default: `<dataDir>/tls`, created on first use. */
  clientCa?: () => Promise<ClientCa>;
  /** Route validators compiled on first use (routes/lazy-schema-compilation.ts); a test passes one to compile them all. */
  schemaCompilation?: LazySchemaCompilation;
  /** Counts the requests in flight (routes/request-activity.ts), for the e-mail sender to give way to. Default: none. */
  requestActivity?: RequestActivity;
}

function statusOf(error: FastifyError | HttpError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

/**
 * Builds the portal's Fastify app: /api (every route with JSON Schemas and the uniform error body), /config.js,
 * the SPA and whatever `registerExtras` adds. The caller listens (or injects).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, getKey } = deps;
  const schemaCompilation = deps.schemaCompilation ?? lazySchemaCompilation();
  const options = {
    logger: deps.logger ?? false,
    // One line per asset request drowns the console; request lines appear at debug and trace levels.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // The process may sit behind a TLS-terminating proxy in production; the portal itself does not trust proxy headers.
    trustProxy: false,
    // Unknown properties are a 400 (not dropped); the shared input rules (calendarDay, customRange, nulFree) are defined.
    // Each route's validators are compiled on its first call, not at start.
    ajv: { ...INPUT_AJV_OPTIONS, onCreate: schemaCompilation.onCreate },
    // Each route's response serializers likewise.
    schemaController: { compilersFactory: { buildSerializer: schemaCompilation.buildSerializer } },
  } satisfies FastifyServerOptions;
  // Report URLs carry the machine-tree selection (up to thousands of serials): Node's 16 KB default would answer 431.
  // An HTTPS instance differs from an HTTP one only in its server type, which no route or plugin here depends on.
  const app =
    deps.https === undefined
      ? Fastify(options)
      : (Fastify({
          ...options,
          https: { ...deps.https, maxHeaderSize: MAX_HEADER_BYTES },
        }) as unknown as FastifyInstance);

  // Before any route: every string a route accepts refuses U+0000 (PostgreSQL cannot store it).
  registerInputRules(app);
  if (deps.onRoute !== undefined) app.addHook('onRoute', deps.onRoute);
  if (deps.requestActivity !== undefined) trackRequestActivity(app, deps.requestActivity);

  registerStrictTransport(app, config.publicUrl);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if ('validation' in error && error.validation !== undefined) {
      return reply.code(400).send(errorBody(400, error.message));
    }
    const status = statusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
    if (error instanceof HttpError) return reply.code(status).send(errorBody(status, error.message, error.code));
    // Unexpected failures keep their details in the log, not in the response.
    const message = status >= 500 ? 'The server could not complete the request' : error.message;
    return reply.code(status).send(errorBody(status, message));
  });

  const live = deps.live ?? createInProcessHub(db);
  if (deps.live === undefined) app.addHook('onClose', () => live.close());
  const clock = deps.clock ?? (() => new Date());
  const answers =
    config.sharedAnswersMs > 0
      ? sharedAnswers({ maxAgeMs: config.sharedAnswersMs, now: () => clock().getTime() })
      : null;
  if (answers !== null) forgetAnswersOnIngest(app, answers, db, live);

  // Before the routes: the OpenAPI document lists every route registered after it.
  await registerOpenApi(app, { version: config.version, publicUrl: config.publicUrl });
  await registerHealthRoutes(app, {
    db,
    healthDb: deps.healthDb,
    version: config.version,
    replica: deps.replica ?? null,
  });
  await registerRuntimeConfigRoutes(app, { config });
  await registerIngestRoutes(app, { db, futureToleranceMs: config.ingestFutureToleranceMs });
  const mail =
    deps.mail ?? createMailTransport({ smtpUrl: config.mail.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') });
  if (deps.mail === undefined) app.addHook('onClose', () => mail.close());
  // Created once in portal_secrets and never changed: read once per process.
  let captchaKey: Promise<Buffer> | undefined;
  const layouts = deps.layouts ?? (await openLayoutStore(config.layoutsDir));
  await app.register(async (api) => {
    registerAuthentication(api, getKey, config.oidc);
    // User-facing routes get no database handle of their own: request.tenantDb runs their work under row-level security.
    registerTenantScope(api, db, { replica: deps.replica ?? null, onWrite: (tenant) => answers?.forgetTenant(tenant) });
    await registerUserRoutes(api, { config });
    await registerUserAccessRoutes(api, {
      clock,
      mail,
      from: config.mail.from,
      publicUrl: config.publicUrl,
      captchaKey: () => (captchaKey ??= portalSecret(db, CAPTCHA_KEY_NAME)),
    });
    await registerUserAvatarRoute(api);
    await registerCertificateRoutes(api, {
      clientCa: deps.clientCa ?? clientCaLoader(path.join(config.dataDir, 'tls')),
      clock,
    });
    // The reports only read: READ ONLY transactions, on the replica when there is one (a route that writes says so).
    await api.register(async (reports) => {
      readOnlyScope(reports);
      shareAnswers(reports, answers);
      await registerReportRoutes(reports);
      await registerReportLayoutRoutes(reports, { layouts });
      await registerOverviewReportRoutes(reports, clock);
      await registerJobAnalysisRoutes(reports, config.exportLimits, clock);
      await registerSystemDataRoutes(reports, clock);
      await registerSystemPageReportRoutes(reports, config.exportLimits, clock);
    });
    // The Live Dashboard refetches the moment a push says the primary committed new telemetry: it reads the primary.
    await api.register(async (liveReports) => {
      readOnlyScope(liveReports, 'fresh-read');
      await registerTvDashboardRoutes(liveReports, {
        clock,
        liveDashboardTenants: config.liveDashboardTenants,
      });
      await registerTvLiveRoutes(liveReports, {
        live,
        liveDashboardTenants: config.liveDashboardTenants,
        ...(deps.liveHeartbeatMs === undefined ? {} : { heartbeatMs: deps.liveHeartbeatMs }),
        maxStreamsPerUser: config.liveStreamsPerUser,
      });
    });
    await registerDataRoutes(api);
    await registerGoalRoutes(api);
    await registerSchedulerRoutes(api, {
      clock,
      sendNow: config.environment === 'automation' ? (deps.sendReportsNow ?? null) : null,
    });
  });
  await registerUnsubscribeRoute(app, { db, clock });
  await registerApiDocsRoutes(app);
  await registerPublicApiDocs(
    app,
    { version: config.version, publicUrl: config.publicUrl, mtlsPort: config.apiMtlsPort },
    { db, clock, exportLimits: config.exportLimits },
  );

  const spaFallback = isBuiltSpa(deps.distDir)
    ? await registerStaticSite(app, { config, distDir: deps.distDir })
    : null;
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return reply;
    return reply.code(404).send(errorBody(404, `${request.method} ${request.url.split('?')[0]} does not exist`));
  });

  await deps.registerExtras?.(app);
  return app;
}
