import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { PortalConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { registerSuperUserRoutes } from '../super-users/super-users.routes.ts';
import { portalClaims, portalClaimsByScope, standardClaims } from './account-claims.ts';
import { loadOrCreateIdpKeys, publicJwks, type IdpKeys } from './idp-keys.ts';
import type { LanguageTexts } from '../i18n/server-texts.ts';
import { idpTexts } from './idp-language.ts';
import { logoutPage, messagePage, type IdpPage } from './idp-pages.ts';
import { INTERACTION_PATH, registerInteractionRoutes } from './interaction.routes.ts';
import { databaseLoginThrottle, type SharedLoginThrottle } from './shared-login-throttle.ts';
import { createOidcPayloadAdapter, purgeExpiredOidcPayloads } from './oidc-payload.adapter.ts';
import { registerSetPasswordRoutes } from './set-password.routes.ts';
import { findActingAccount, interactionPolicyWithTenantStep } from './tenant-step.ts';

/** The embedded OpenID Connect provider, mounted under /idp of the portal's own origin. */
export interface IdentityProvider {
  /** Public signing keys, for verifying access tokens in-process without fetching the jwks_uri. */
  getPublicJwks(): { keys: JWK[] };
  provider: Provider;
}

/** Path prefix of every provider URL; the embedded issuer is `<publicUrl>/idp` (src/server/config.ts). */
export const IDP_MOUNT_PATH = '/idp';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Access-token lifetime; it must exceed MSAL's 300 s renewal offset or MSAL renews on every call. */
const ACCESS_TOKEN_TTL = 15 * MINUTE;
const REFRESH_TOKEN_TTL = 14 * DAY;

/** Scopes the API (the resource server) accepts in its access tokens. */
const API_SCOPE = 'openid profile email user_metadata app_metadata';

function sendPage(ctx: KoaContextWithOIDC, page: IdpPage): void {
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', page.contentSecurityPolicy);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = page.html;
}

/** The language of a page the provider itself renders (sign-out, errors): the request's `ui_locales`, else the browser's. */
function providerPageTexts(ctx: KoaContextWithOIDC): LanguageTexts {
  // An error can be rendered before the provider has read the request's parameters.
  const params = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.params;
  return idpTexts({ uiLocales: params?.['ui_locales'], acceptLanguage: ctx.get('accept-language') });
}

function providerConfiguration(options: { config: PortalConfig; db: Kysely<Database>; keys: IdpKeys }): Configuration {
  const { config, db, keys } = options;
  const { publicUrl } = config;
  const { clientId, audience, claimsNamespace } = config.oidc;
  const portalOrigin = new URL(publicUrl).origin;
  const backToPortal = ({ t }: LanguageTexts) => ({ href: `${publicUrl}/`, text: t('idp.backToPortal') });
  const portalScopes = portalClaimsByScope(claimsNamespace);

  return {
    adapter: createOidcPayloadAdapter(db),
    jwks: { keys: keys.signingKeys },
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'Fleet Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/redirect.html`, `${publicUrl}/callback`, `${publicUrl}/`],
        post_logout_redirect_uris: [`${publicUrl}/`, `${publicUrl}/callback`],
      },
    ],
    scopes: ['openid', 'profile', 'email', 'offline_access', 'user_metadata', 'app_metadata'],
    claims: {
      openid: ['sub'],
      // The SPA asks for 'openid profile user_metadata app_metadata' (spec shell §7) yet reads the e-mail,
      // so profile carries it as well.
      profile: ['name', 'given_name', 'family_name', 'locale', 'picture', 'email'],
      email: ['email', 'email_verified'],
      user_metadata: portalScopes.user_metadata,
      app_metadata: portalScopes.app_metadata,
    },
    // The id token carries the scope claims (given_name, family_name, the namespaced ones): MSAL reads them there.
    conformIdTokenClaims: false,
    // The token the claims are for (a code or refresh token at the token endpoint) names its provider session, whose
    // tenant choice a super user's claims carry (tenant-step.ts).
    async findAccount(_ctx, sub, token) {
      const sessionUid = token !== undefined && 'sessionUid' in token ? token.sessionUid : undefined;
      const account = await findActingAccount(db, sub, sessionUid);
      if (account === null) return undefined;
      return {
        accountId: account.id,
        claims: () => ({ sub: account.id, ...standardClaims(account), ...portalClaims(account, claimsNamespace) }),
      };
    },
    // Read at every issuance, so a role change or a recorded agreement shows in the next (refreshed) token.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || token.accountId === undefined) return undefined;
      const account = await findActingAccount(db, token.accountId, token.sessionUid);
      if (account === null) return undefined;
      return { email: account.email, ...portalClaims(account, claimsNamespace) };
    },
    // The portal is a public client that asks without offline_access (MSAL's defaults are trimmed), yet it renews with
    // refresh tokens: every client allowed the grant gets one. They rotate on use (the default for public clients).
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // Tokens end with the sign-in session (8 h from the last visit to /idp/auth) and with logout, whatever their own
    // TTL: a refresh token alone never keeps a user signed in past the session.
    expiresWithSession: () => true,
    // The portal uses the authorization-code flow with PKCE only: no implicit or hybrid response types (RFC 9700 §2.1.2),
    // so discovery advertises the grants authorization_code and refresh_token alone.
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origin === portalOrigin,
    interactions: {
      policy: interactionPolicyWithTenantStep(db),
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      // RFC 7009 at /idp/token/revocation: the SPA revokes its refresh token at logout (src/app/auth/token-revocation.ts).
      // A client revokes only its own tokens; another's is left alone with the same 200 answer, which tells nothing.
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      // MSAL never sends `resource`: every token is for the portal API, as a JWT the API verifies itself.
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // A request that proves itself with an id_token_hint signs out at once; anything else asks first.
        logoutSource: (ctx, form) => {
          const autoSubmit = ctx.oidc.entities.IdTokenHint !== undefined;
          sendPage(ctx, logoutPage({ form, autoSubmit, formAction: [portalOrigin], texts: providerPageTexts(ctx) }));
        },
        postLogoutSuccessSource: (ctx) => {
          const texts = providerPageTexts(ctx);
          const signedOut = { title: texts.t('idp.signOut.doneTitle'), message: texts.t('idp.signOut.done') };
          sendPage(ctx, messagePage({ ...signedOut, link: backToPortal(texts), texts }));
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 8 * HOUR,
      Grant: REFRESH_TOKEN_TTL,
      // A rotated token keeps the remaining lifetime of the one it replaces: 14 days from sign-in, not from last use.
      RefreshToken: (ctx) => ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
    renderError: (ctx, out) => {
      const details = [out.error, out.error_description].filter((part) => typeof part === 'string').join(': ');
      const texts = providerPageTexts(ctx);
      sendPage(
        ctx,
        messagePage({
          title: texts.t('idp.signIn.problemTitle'),
          message: texts.t('idp.signIn.problem'),
          details,
          link: backToPortal(texts),
          texts,
        }),
      );
    },
  };
}

/** Hands a raw request to the provider's Koa app with the mount prefix stripped, as the oidc-provider docs mount it. */
function mountedHandler(provider: Provider): (req: IncomingMessage, res: ServerResponse) => void {
  const handle = provider.callback();
  return (req, res) => {
    const originalUrl = req.url ?? '/';
    // oidc-provider derives its mount path from originalUrl minus url, so the URLs it issues keep the /idp prefix.
    Object.assign(req, { originalUrl, url: originalUrl.slice(IDP_MOUNT_PATH.length) || '/' });
    void handle(req, res);
  };
}

/**
 * Mounts the embedded OpenID Connect provider under /idp of `app`: the protocol endpoints (discovery, auth, token,
 * revocation, jwks, userinfo, logout) and the sign-in pages. Call before `app.listen`. Signing and cookie keys persist in
 * `<keysDir>/idp-keys.json`; sessions, grants and tokens in the `oidc_payloads` table.
 */
export async function registerIdentityProvider(
  app: FastifyInstance,
  options: {
    config: PortalConfig;
    db: Kysely<Database>;
    keysDir: string;
    /** By default config.signInThrottle's, shared by every node through the database; tests pass one on their own clock. */
    throttle?: SharedLoginThrottle;
    /** The clock of the tenant picker's sessionTokens (issue and expiry); default the real one. */
    clock?: () => Date;
  },
): Promise<IdentityProvider> {
  const { config, db, keysDir } = options;
  const throttle = options.throttle ?? databaseLoginThrottle(db, config.signInThrottle);
  const clock = options.clock ?? (() => new Date());
  const keys = await loadOrCreateIdpKeys(keysDir);
  await purgeExpiredOidcPayloads(db);

  const provider = new Provider(config.oidc.issuer, providerConfiguration({ config, db, keys }));
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));

  await registerInteractionRoutes(app, {
    provider,
    db,
    portalUrl: config.publicUrl,
    clientId: config.oidc.clientId,
    throttle,
    clock,
  });
  await registerSuperUserRoutes(app, {
    db,
    signInStepUrl: (uid) => `${config.publicUrl}${INTERACTION_PATH}/${uid}`,
    clock,
  });

  // Invitation and password-reset links (issue #28) on the same clock.
  await registerSetPasswordRoutes(app, { db, portalUrl: config.publicUrl, clock });

  const handle = mountedHandler(provider);
  await app.register(async (scope) => {
    // The provider parses its own request bodies: Fastify must leave the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${IDP_MOUNT_PATH}/*`, (request, reply) => {
      reply.hijack();
      handle(request.raw, reply.raw);
    });
  });

  const jwks = publicJwks(keys);
  return { getPublicJwks: () => jwks, provider };
}
