import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { readAccessLink, redeemAccessLink } from '../users/access-tokens.ts';
import type { LanguageTexts } from '../i18n/server-texts.ts';
import { idpTexts } from './idp-language.ts';
import { messagePage, type IdpPage } from './idp-pages.ts';
import { hashPassword } from './password.ts';
import {
  linkProblemPage,
  passwordProblem,
  passwordSetPage,
  PASSWORD_MAX_LENGTH,
  setPasswordPage,
} from './set-password-page.ts';

/** Where invitation and reset e-mails link to (with `?token=…`). */
export const SET_PASSWORD_PAGE_PATH = '/idp/set-password';

const querySchema = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;

const bodySchema = {
  type: 'object',
  properties: {
    token: { type: 'string', maxLength: 200 },
    email: { type: 'string', maxLength: 256 },
    password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH * 4 },
    confirmation: { type: 'string', maxLength: PASSWORD_MAX_LENGTH * 4 },
  },
  required: ['token', 'password', 'confirmation'],
} as const;

interface SetPasswordBody {
  token: string;
  password: string;
  confirmation: string;
}

function send(reply: FastifyReply, status: number, page: IdpPage): FastifyReply {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.contentSecurityPolicy)
      .header('x-content-type-options', 'nosniff')
      // The token is in the page's URL: no Referer may carry it to the next page.
      .header('referrer-policy', 'no-referrer')
      .send(page.html)
  );
}

/**
 * A form post from anywhere but the portal's own pages is refused: the token in the form is a secret a foreign page
 * does not know, and the browser's Fetch Metadata must say same-origin. The page's `no-referrer` policy makes browsers
 * send `Origin: null` on its own form post, so `null` passes only together with `Sec-Fetch-Site: same-origin`; without
 * Fetch Metadata (older browsers) an Origin, when sent, must be this origin.
 */
function isSameOriginPost(request: FastifyRequest, portalOrigin: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined)
    return site === 'same-origin' && (origin === undefined || origin === 'null' || origin === portalOrigin);
  return origin === undefined || origin === portalOrigin;
}

/**
 * The set-password page of invitation and reset links (issue #28): GET shows the form for a working link, or says
 * why the link does not work (unknown, used, replaced by a newer one, expired); POST checks the rules, then burns the
 * link and stores the scrypt hash in one transaction, and shows the way on to `redirectUrl`, where the user signs in.
 */
export async function registerSetPasswordRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; portalUrl: string; clock: () => Date },
): Promise<void> {
  const { db, portalUrl, clock } = deps;
  const portalOrigin = new URL(portalUrl).origin;
  const formAction = [portalOrigin];
  const missingToken = (texts: LanguageTexts) =>
    messagePage({
      title: texts.t('idp.setPassword.noTokenTitle'),
      message: texts.t('idp.setPassword.noToken'),
      link: { href: `${portalUrl}/`, text: texts.t('idp.goToPortal') },
      texts,
    });
  const textsOfRequest = (request: FastifyRequest) => idpTexts({ acceptLanguage: request.headers['accept-language'] });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8192 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Querystring: { token?: string } }>(
      SET_PASSWORD_PAGE_PATH,
      { schema: { querystring: querySchema } },
      async (request, reply) => {
        const { token } = request.query;
        const texts = textsOfRequest(request);
        if (token === undefined || token === '') return send(reply, 400, missingToken(texts));
        const link = await readAccessLink(db, token, clock());
        if (link.state !== 'valid') return send(reply, 410, linkProblemPage(link.state, portalUrl, texts));
        const page = setPasswordPage({
          action: SET_PASSWORD_PAGE_PATH,
          token,
          email: link.email,
          purpose: link.purpose,
          problem: null,
          formAction,
          texts,
        });
        return send(reply, 200, page);
      },
    );

    scope.post<{ Body: SetPasswordBody }>(
      SET_PASSWORD_PAGE_PATH,
      { schema: { body: bodySchema } },
      async (request, reply) => {
        const texts = textsOfRequest(request);
        if (!isSameOriginPost(request, portalOrigin)) {
          const refused = {
            title: texts.t('idp.setPassword.refusedTitle'),
            message: texts.t('idp.setPassword.refused'),
          };
          return send(reply, 403, messagePage({ ...refused, texts }));
        }
        const { token, password, confirmation } = request.body;
        const link = await readAccessLink(db, token, clock());
        if (link.state !== 'valid') return send(reply, 410, linkProblemPage(link.state, portalUrl, texts));
        const problem = passwordProblem(password, confirmation, link.email, texts);
        if (problem !== null) {
          const page = setPasswordPage({
            action: SET_PASSWORD_PAGE_PATH,
            token,
            email: link.email,
            purpose: link.purpose,
            problem,
            formAction,
            texts,
          });
          return send(reply, 400, page);
        }
        const result = await redeemAccessLink(db, token, await hashPassword(password), clock());
        if (result.state !== 'done') return send(reply, 410, linkProblemPage(result.state, portalUrl, texts));
        request.log.info({ purpose: link.purpose }, 'password set from an e-mail link');
        return send(reply, 200, passwordSetPage(result.redirectUrl, texts));
      },
    );
  });
}
