/**
 * The super-user tenant picker (spec shell §2 "Super-user tenant picker", §7 /api/super-users/*; issue #28 item 2).
 *
 * `super_user_picker_tokens`: the sessionToken the identity provider hands the picker page when a super user's sign-in
 * reaches its tenant step. Only the token's SHA-256 is kept; it is bound to that sign-in (interaction, provider session
 * and its login time) and to the user, expires within minutes and is spent by the one login-callback that uses it.
 *
 * `super_user_tenant_choices`: the audit of every choice — who (user id and e-mail as they were), when, which tenant —
 * and what the provider reads when it issues tokens: the latest choice of a provider session is the tenant its tokens
 * carry. No foreign key to users: the audit outlives the account.
 *
 * Both are read and written by the identity provider and the picker's routes as the table owner, before any tenant is
 * known; portal_api (the tenant-confined role of signed-in requests) gets no grant on the tokens and may only read its
 * own tenant's choices (row-level security, like every table with a tenant_id).
 */
export const name = '023-super-user-tenant-choice';

export const up = `
CREATE TABLE super_user_picker_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  interaction_uid text NOT NULL,
  session_uid text NOT NULL,
  login_ts bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX super_user_picker_tokens_expiry ON super_user_picker_tokens (expires_at);

CREATE TABLE super_user_tenant_choices (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  user_email text NOT NULL,
  tenant_id text NOT NULL REFERENCES tenants (id),
  interaction_uid text NOT NULL,
  session_uid text NOT NULL,
  login_ts bigint NOT NULL,
  chosen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX super_user_tenant_choices_session ON super_user_tenant_choices (session_uid, id DESC);
-- A tenant's rows like every table with a tenant_id: confined for portal_api (which is granted reading only its own
-- tenant's choices: who acted in it), unrestricted for the owner that writes them.
GRANT SELECT ON super_user_tenant_choices TO portal_api;
ALTER TABLE super_user_tenant_choices ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON super_user_tenant_choices FOR SELECT TO portal_api
  USING (tenant_id = current_setting('app.tenant_id', true));
`;
