/**
 * A caller always sees their own users row under portal_api, whichever tenant the request acts in.
 * Migration 003 shows portal_api only the users of `app.tenant_id`; a super user acting in a customer's tenant
 * (the tenant picker) has their row in another tenant, so their own account, and through the policies of
 * user_settings and agreements (which check that the user is visible) their settings and agreement, would vanish.
 * `app.user_id` is set per request from the verified token's subject (src/server/auth/tenant-request.ts).
 * Read-only on purpose: writes to users stay confined to the request's tenant by 003's policy.
 */
export const name = '004-own-account-row';

export const up = `
CREATE POLICY own_account ON users FOR SELECT TO portal_api
  USING (id = current_setting('app.user_id', true));
`;
