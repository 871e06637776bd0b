import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../../src/api/captcha-solver.ts';
import { ROLE } from '../../src/shared/auth/roles.ts';
import type { CaptchaChallenge } from '../../src/shared/contract/user-access.contract.ts';
import {
  createApiTestHarness,
  type ApiTestHarness,
  type TestIdentity,
} from '../../src/server/testing/api-test-harness.ts';
import { startSmtpInbox, type SmtpInbox } from '../../src/server/testing/smtp-inbox.ts';

/**
 * Issue #28: the browser's captcha solver (src/api/captcha-solver.ts, Web Crypto; here without a Worker, in slices)
 * against the real server: it solves the challenge GET /api/users/captcha-challenge serves, at its real difficulty,
 * and the password reset that needed a captcha goes through with it, once.
 */

const T = 'tenant-captcha-round-trip';
const admin: TestIdentity = { sub: 'u-round-trip-admin', tenantId: T, roles: [ROLE.Admin] };

let h: ApiTestHarness;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  h = await createApiTestHarness({ env: { SMTP_URL: inbox.url } });
  await h.database.db.insertInto('tenants').values({ id: T, name: 'Round Trip Prints' }).execute();
  await h.database.db
    .insertInto('users')
    .values([
      {
        id: admin.sub,
        tenant_id: T,
        email: 'admin@round-trip.test',
        first_name: 'Ada',
        last_name: 'Admin',
        roles: [ROLE.Admin],
      },
      {
        id: 'u-forgetful',
        tenant_id: T,
        email: 'forgetful@round-trip.test',
        first_name: 'Fred',
        last_name: 'Forgetful',
      },
    ])
    .execute();
});

afterAll(async () => {
  await h?.close();
  await inbox?.close();
});

describe('the browser solver against the server', () => {
  it('solves the served challenge and the reset that needed a captcha goes out with it, once', async () => {
    const authorization = await h.bearer(admin);
    const reset = (headers: Record<string, string> = {}) =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/u-forgetful/password-reset',
        headers: { authorization, ...headers },
        payload: { redirectUrl: `${h.config.publicUrl}/` },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await reset()).statusCode).toBe(204);
    expect((await reset()).statusCode).toBe(429);

    const served = await h.app.inject({
      method: 'GET',
      url: '/api/users/captcha-challenge',
      headers: { authorization },
    });
    const challenge = served.json<CaptchaChallenge>();
    expect(challenge.maxnumber).toBe(100_000);
    const progress: number[] = [];
    const token = await solveChallenge(challenge, (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);

    expect((await reset({ 'x-recaptcha-token': token })).statusCode).toBe(204);
    expect(inbox.messages).toHaveLength(4);
    expect((await reset({ 'x-recaptcha-token': token })).statusCode).toBe(429);
  });
});
