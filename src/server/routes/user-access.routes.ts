import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { ROLE } from '../../shared/auth/roles.ts';
import { ERROR_RESPONSES, NoContent, NoQuery } from '../../shared/contract/primitives.ts';
import {
  AccessLinkRequestSchema,
  CAPTCHA_HEADER,
  CAPTCHA_REQUIRED_CODE,
  CAPTCHA_REQUIRED_STATUS,
  CaptchaChallengeSchema,
} from '../../shared/contract/user-access.contract.ts';
import { UserIdParamsSchema } from '../../shared/contract/users.contract.ts';
import { requireRole } from '../auth/authentication.plugin.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { accessEmail } from '../mail/access-email.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { countResetsSince, issueAccessToken, withdrawAccessToken, type AccessPurpose } from '../users/access-tokens.ts';
import { loadCurrentUser } from '../users/current-user.ts';
import {
  createCaptchaChallenge,
  RESET_WINDOW_MS,
  RESETS_WITHOUT_CAPTCHA,
  spendCaptchaSolution,
} from '../users/reset-captcha.ts';
import { managedUser } from '../users/user-accounts.ts';

/** The identity provider's page that an invitation or reset link opens (idp/set-password.routes.ts). */
export const SET_PASSWORD_PATH = '/idp/set-password';

export interface UserAccessDeps {
  clock: () => Date;
  mail: MailTransport;
  /** The From of the e-mails (config.mail.from). */
  from: string;
  /** The portal's public URL: the links' base, and the only origin a redirectUrl may have. */
  publicUrl: string;
  /** The captcha's HMAC key (portal_secrets, read as the table owner: the routes themselves have only tenantDb). */
  captchaKey: () => Promise<Buffer>;
}

const RequestHeadersSchema = Type.Object({ [CAPTCHA_HEADER]: Type.Optional(Type.String({ maxLength: 4096 })) });

const CAPTCHA_MESSAGES = {
  required: `Too many password resets for this user: solve the captcha (GET /api/users/captcha-challenge) and send it in the X-Recaptcha-Token header`,
  invalid: 'The captcha solution is not valid or has expired: solve a new challenge',
  reused: 'This captcha solution was already used: solve a new challenge',
} as const;

/** The redirectUrl if it is on the portal's own origin; anything else (another host, scheme or port) is a 400. */
function portalRedirect(redirectUrl: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    throw new HttpError(400, `body/redirectUrl must be an absolute URL on ${origin}`);
  }
  if (url.origin !== origin) throw new HttpError(400, `body/redirectUrl must be on the portal's origin ${origin}`);
  return url.href;
}

/**
 * Account Management's access calls (spec shell §7; issue #28), Admin only like the rest of /api/users: an invitation
 * or a password reset e-mails the user a single-use link to the identity provider's set-password page; after
 * RESETS_WITHOUT_CAPTCHA resets of one user within RESET_WINDOW_MS a reset needs a solved captcha (429 with code
 * CAPTCHA_REQUIRED until the X-Recaptcha-Token header carries one). Answers 204; a user outside the tenant is a 404.
 */
export async function registerUserAccessRoutes(server: FastifyInstance, deps: UserAccessDeps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const adminOnly = requireRole(ROLE.Admin);

  /** Sends the link e-mail after the token is committed; a failed send withdraws the link (503). */
  async function sendLink(request: FastifyRequest, userId: string, purpose: AccessPurpose, redirectUrl: string) {
    const { tenantId } = request.portalUser;
    const now = deps.clock();
    // Read before the tenant's transaction: on PGlite that transaction holds the only connection.
    const hmacKey = purpose === 'password-reset' ? await deps.captchaKey() : null;
    const issued = await request.tenantDb(async (trx) => {
      const user = await managedUser(trx, tenantId, userId);
      if (hmacKey !== null) await requireCaptchaIfFrequent(request, trx, { userId: user.id, hmacKey, now });
      const admin = await loadCurrentUser(trx, request.portalUser);
      const link = await issueAccessToken(trx, { tenantId, userId: user.id, purpose, redirectUrl, now });
      // Worded in the recipient's saved language; a user who never saved one gets the inviting admin's.
      const saved = await trx
        .selectFrom('user_settings')
        .select('portal_language')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      return { user, admin: admin.row, language: saved?.portal_language ?? admin.language, ...link };
    });
    const message = accessEmail({
      purpose,
      from: deps.from,
      to: issued.user.email,
      firstName: issued.user.first_name,
      sentBy: `${issued.admin.first_name} ${issued.admin.last_name}`,
      link: `${deps.publicUrl}${SET_PASSWORD_PATH}?token=${issued.token}`,
      expiresAt: issued.expiresAt,
      language: issued.language,
    });
    try {
      await deps.mail.send(message);
    } catch (error) {
      request.log.error({ err: error, userId, purpose }, 'access e-mail not sent');
      await request.tenantDb((trx) => withdrawAccessToken(trx, tenantId, issued.token));
      throw new HttpError(503, 'The e-mail could not be sent; try again later');
    }
    request.log.info({ userId, purpose }, 'access e-mail sent');
  }

  async function requireCaptchaIfFrequent(
    request: FastifyRequest,
    trx: Kysely<Database>,
    { userId, hmacKey, now }: { userId: string; hmacKey: Buffer; now: Date },
  ): Promise<void> {
    const { tenantId } = request.portalUser;
    const recent = await countResetsSince(trx, tenantId, userId, new Date(now.getTime() - RESET_WINDOW_MS));
    if (recent < RESETS_WITHOUT_CAPTCHA) return;
    const token = request.headers[CAPTCHA_HEADER];
    if (typeof token !== 'string' || token === '') {
      throw new HttpError(CAPTCHA_REQUIRED_STATUS, CAPTCHA_MESSAGES.required, CAPTCHA_REQUIRED_CODE);
    }
    const check = await spendCaptchaSolution(trx, { hmacKey, token, tenantId, now });
    if (check !== 'accepted') {
      throw new HttpError(CAPTCHA_REQUIRED_STATUS, CAPTCHA_MESSAGES[check], CAPTCHA_REQUIRED_CODE);
    }
  }

  const linkRoute = (purpose: AccessPurpose) => ({
    preValidation: adminOnly,
    schema: {
      params: UserIdParamsSchema,
      querystring: NoQuery,
      body: AccessLinkRequestSchema,
      ...(purpose === 'password-reset' ? { headers: RequestHeadersSchema } : {}),
      response: { 204: NoContent, ...ERROR_RESPONSES },
    },
  });

  app.post('/api/users/:id/invitation', linkRoute('invitation'), async (request, reply) => {
    const redirectUrl = portalRedirect(request.body.redirectUrl, deps.publicUrl);
    await sendLink(request, request.params.id, 'invitation', redirectUrl);
    return reply.code(204).send();
  });

  app.post('/api/users/:id/password-reset', linkRoute('password-reset'), async (request, reply) => {
    const redirectUrl = portalRedirect(request.body.redirectUrl, deps.publicUrl);
    await sendLink(request, request.params.id, 'password-reset', redirectUrl);
    return reply.code(204).send();
  });

  app.get(
    '/api/users/captcha-challenge',
    {
      preValidation: adminOnly,
      schema: { querystring: NoQuery, response: { 200: CaptchaChallengeSchema, ...ERROR_RESPONSES } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptchaChallenge(await deps.captchaKey(), deps.clock());
    },
  );
}
