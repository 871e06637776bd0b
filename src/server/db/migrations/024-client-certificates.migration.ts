/**
 * Client certificates of the public data API (spec shell §2 "API Management page", §3 "Certificate"; issue #28): one row
 * per certificate the portal's client CA issued. Only the certificate is kept — its private key goes to the user once
 * and never into the database. `thumbprint` is the SHA-256 fingerprint the mutual-TLS listener looks a caller up by (as
 * the table owner, before it knows the tenant); a refresh or a delete sets `revoked_at`, so a revoked certificate stays
 * known and is refused. The API's own calls reach the rows only as portal_api, confined to their tenant.
 */
export const name = '024-client-certificates';

export const up = `
CREATE TABLE client_certificates (
  thumbprint text PRIMARY KEY CHECK (thumbprint ~ '^[0-9A-F]{64}$'),
  tenant_id text NOT NULL REFERENCES tenants (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  certificate_pem text NOT NULL,
  valid_from timestamptz NOT NULL,
  expires_at timestamptz NOT NULL CHECK (expires_at > valid_from),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one certificate in force per user: a new one revokes the one before.
CREATE UNIQUE INDEX client_certificates_current ON client_certificates (tenant_id, user_id) WHERE revoked_at IS NULL;

GRANT SELECT, INSERT, UPDATE ON client_certificates TO portal_api;
ALTER TABLE client_certificates ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON client_certificates FOR ALL TO portal_api
  USING (tenant_id = current_setting('app.tenant_id', true))
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true));
`;
