import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Database } from '../db/schema.ts';
import { findSignInCandidate } from './account-claims.ts';
import { idpTexts } from './idp-language.ts';
import { loginPage, messagePage, type IdpPage } from './idp-pages.ts';
import { accountKey, type SignInAttempt } from './login-throttle.ts';
import type { SharedLoginThrottle } from './shared-login-throttle.ts';
import { verifyPassword } from './password.ts';
import { nextTenantStep, SELECT_TENANT_PROMPT } from './tenant-step.ts';

/** Where the provider sends the browser to sign in; the routes below answer there. */
export const INTERACTION_PATH = '/idp/interaction';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

interface InteractionDeps {
  provider: Provider;
  db: Kysely<Database>;
  /** The portal's public origin and client id: consent is automatic for this first-party client only. */
  portalUrl: string;
  clientId: string;
  /** Failed sign-ins per account and client address; a locked one answers 429 before its password is checked. */
  throttle: SharedLoginThrottle;
  /** Clock of the tenant picker's sessionTokens. */
  clock: () => Date;
}

const paramsSchema = {
  type: 'object',
  properties: { uid: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['uid'],
  additionalProperties: false,
} as const;

const loginBodySchema = {
  type: 'object',
  properties: { email: { type: 'string', maxLength: 256 }, password: { type: 'string', maxLength: 256 } },
  required: ['email', 'password'],
} as const;

interface Params {
  uid: string;
}

interface LoginBody {
  email: string;
  password: string;
}

function send(reply: FastifyReply, status: number, page: IdpPage): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', page.contentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(page.html);
}

function missingInteractionPage(portalUrl: string, request: FastifyRequest): IdpPage {
  const texts = idpTexts({ acceptLanguage: request.headers['accept-language'] });
  return messagePage({
    title: texts.t('idp.signIn.expiredTitle'),
    message: texts.t('idp.signIn.expired'),
    link: { href: `${portalUrl}/`, text: texts.t('idp.backToPortal') },
    texts,
  });
}

/** The language of the sign-in's pages: its `ui_locales`, else the browser's. */
function interactionTexts(interaction: Interaction, request: FastifyRequest) {
  return idpTexts({ uiLocales: interaction.params['ui_locales'], acceptLanguage: request.headers['accept-language'] });
}

/**
 * The sign-in and consent steps of the provider (`interactions.url`). Sign-in checks the e-mail and password
 * against `users`; consent is granted in code, because the portal is the provider's only, first-party client.
 */
export async function registerInteractionRoutes(app: FastifyInstance, deps: InteractionDeps): Promise<void> {
  const { provider, db, portalUrl, clientId, throttle, clock } = deps;
  const formAction = [new URL(portalUrl).origin];

  async function loadInteraction(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : null;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
  }

  async function grantConsent(interaction: Interaction): Promise<string> {
    const { prompt, params, session, grantId } = interaction;
    if (session === undefined || params['client_id'] !== clientId) {
      throw new errors.AccessDenied('consent is automatic only for the portal client');
    }
    const grant =
      (grantId === undefined ? undefined : await provider.Grant.find(grantId)) ??
      new provider.Grant({ accountId: session.accountId, clientId });
    const missing = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    return grant.save();
  }

  await app.register(async (scope) => {
    // The sign-in form posts urlencoded fields; only these routes accept that body type.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: Params }>(
      `${INTERACTION_PATH}/:uid`,
      { schema: { params: paramsSchema } },
      async (request, reply) => {
        const interaction = await loadInteraction(request, reply);
        if (interaction === null) return send(reply, 400, missingInteractionPage(portalUrl, request));
        if (interaction.prompt.name === 'consent') {
          const grantId = await grantConsent(interaction);
          const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
          return reply.redirect(returnTo, 303);
        }
        if (interaction.prompt.name === SELECT_TENANT_PROMPT) {
          const step = await nextTenantStep(db, interaction, { portalUrl, now: clock() });
          if (step.kind === 'picker') return reply.redirect(step.url, 303);
          // Only this prompt's result: merging the login before it would log in again, with a new login time.
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { [SELECT_TENANT_PROMPT]: { tenantId: step.tenantId } },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(returnTo, 303);
        }
        const loginHint = interaction.params['login_hint'];
        return send(
          reply,
          200,
          loginPage({
            action: request.url,
            email: typeof loginHint === 'string' ? loginHint : '',
            failed: false,
            formAction,
            texts: interactionTexts(interaction, request),
          }),
        );
      },
    );

    scope.post<{ Params: Params; Body: LoginBody }>(
      `${INTERACTION_PATH}/:uid`,
      { schema: { params: paramsSchema, body: loginBodySchema } },
      async (request, reply) => {
        const interaction = await loadInteraction(request, reply);
        if (interaction === null) return send(reply, 400, missingInteractionPage(portalUrl, request));
        if (interaction.prompt.name !== 'login') return reply.redirect(request.url, 303);
        const texts = interactionTexts(interaction, request);

        const { email, password } = request.body;
        const attempt: SignInAttempt = { account: email, address: request.ip };
        const locked = (retryAfterMs: number) =>
          send(
            reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000))),
            429,
            loginPage({ action: request.url, email, failed: true, locked: { retryAfterMs }, formAction, texts }),
          );
        const check = await throttle.check(attempt);
        if (!check.allowed) return locked(check.retryAfterMs);

        const candidate = await findSignInCandidate(db, email);
        const valid = await verifyPassword(password, candidate?.passwordHash ?? null);
        if (candidate === null || !valid) {
          const outcome = await throttle.recordFailure(attempt);
          // The audit trail of sign-in failures: who was tried, from where, how often. Never the password.
          const audit = { account: accountKey(email), address: attempt.address };
          request.log.info(
            { ...audit, accountFailures: outcome.accountFailures, addressFailures: outcome.addressFailures },
            'sign-in failed',
          );
          if (outcome.lock === null) {
            return send(reply, 200, loginPage({ action: request.url, email, failed: true, formAction, texts }));
          }
          request.log.warn(
            {
              ...audit,
              lockedScope: outcome.lock.scope,
              lockSeconds: outcome.lock.retryAfterMs / 1000,
              lockNumber: outcome.lock.lockNumber,
            },
            'sign-in locked',
          );
          return locked(outcome.lock.retryAfterMs);
        }
        await throttle.recordSuccess(attempt);
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: candidate.id } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
}
