import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import { runAsCaller } from '../auth/tenant-request.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../idp/demo-accounts.ts';
import { HttpsSession } from '../idp/idp-test-harness.ts';
import { hashPassword } from '../idp/password.ts';
import { useIdpTestServer } from '../idp/use-idp-test-server.ts';
import { loadCurrentUser } from './current-user.ts';
import { saveUser } from './user-accounts.ts';

// A user Account Management creates has no password: the embedded provider refuses every sign-in until one is set
// (issue #28: the invitation link sets it; here the hash is written directly to show the account itself is sound).
const context = useIdpTestServer();
const EMAIL = 'invited@northwind.demo';

/** A fresh browser at the provider's sign-in page of a new authorization request. */
async function openSignInPage(): Promise<{ session: HttpsSession; url: string }> {
  const { server, tls } = context;
  const session = new HttpsSession(server.config.publicUrl, tls.ca);
  const authorize = new URL(`${server.config.oidc.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: server.config.oidc.clientId,
    redirect_uri: `${server.config.publicUrl}/redirect.html`,
    response_type: 'code',
    scope: 'openid profile',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const response = await session.get(authorize.href);
  expect(response.status).toBe(303);
  return { session, url: response.location ?? '' };
}

describe('a user created by an admin at the embedded identity provider', () => {
  it('cannot sign in with any password until a password is set', async () => {
    const admin = DEMO_ACCOUNTS.find((account) => account.email === 'admin@northwind.demo');
    if (admin === undefined) throw new Error('the demo admin is missing');
    const caller = { sub: admin.id, tenantId: admin.tenantId, isSuperUser: false };
    const created = await runAsCaller(context.database.db, caller, async (trx) =>
      saveUser(trx, await loadCurrentUser(trx, caller), admin.roles, {
        firstName: 'Ivy',
        lastName: 'Invited',
        email: EMAIL,
        permissions: [ROLE.Scheduler],
        customerIds: [],
        siteIds: [],
        systemIds: [],
      }),
    );

    for (const password of ['', DEMO_PASSWORD, 'null', 'undefined']) {
      const { session, url } = await openSignInPage();
      const attempt = await session.postForm(url, { email: EMAIL, password });
      expect(attempt.status, password).toBe(200);
      expect(attempt.body).toContain('Invalid email or password');
    }

    await context.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('chosen-by-ivy') })
      .where('id', '=', created.id)
      .execute();
    const { session, url } = await openSignInPage();
    const signedIn = await session.postForm(url, { email: EMAIL, password: 'chosen-by-ivy' });
    expect(signedIn.status, signedIn.body.slice(0, 300)).toBe(303);
  });
});
