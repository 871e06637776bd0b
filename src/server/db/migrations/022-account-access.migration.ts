/**
 * Account access (issue #28, server): invitation and password-reset links, the captcha that guards repeated resets,
 * and uploaded avatars.
 *
 * - `user_access_tokens`: one row per link e-mailed to a user. Only the SHA-256 of the link's token is stored, so the
 *   table cannot be turned back into working links. A link is single-use (`used_at`), expires (`expires_at`) and is
 *   superseded by a newer link for the same user (`revoked_at`). Reset rows also count the resets of the last hour,
 *   which decides when a captcha is required. The set-password page of the identity provider finds a row by its hash
 *   as the table owner (it knows no tenant); the API writes rows as portal_api, inside its tenant.
 * - `captcha_spent`: the signatures of captcha challenges already used, so a solved challenge works once (kept until
 *   the challenge expires). Keyed by the signature alone: a solution spent in one tenant is spent everywhere.
 * - `user_avatars`: the resized picture of a user (128 × 128, JPEG or PNG) and its ETag.
 */
export const name = '022-account-access';

const tenantIsolation = (table: string) => `
GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO portal_api;
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON ${table} FOR ALL TO portal_api
  USING (tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true));`;

export const up = `
CREATE TABLE user_access_tokens (
  token_hash text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('invitation', 'password-reset')),
  redirect_url text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX user_access_tokens_user ON user_access_tokens (tenant_id, user_id, created_at);

CREATE TABLE captcha_spent (
  signature text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id),
  expires_at timestamptz NOT NULL
);

CREATE TABLE user_avatars (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants (id),
  image bytea NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  etag text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
${tenantIsolation('user_access_tokens')}
${tenantIsolation('captcha_spent')}
${tenantIsolation('user_avatars')}
`;
