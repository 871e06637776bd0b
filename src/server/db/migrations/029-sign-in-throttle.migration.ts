/**
 * Issue #29: the identity provider's sign-in throttle shared by every portal node (idp/shared-login-throttle.ts). One
 * row per throttled key (`account:<e-mail>` or `address:<client address>`) holding the key's state as the in-process
 * throttle keeps it (failure times in the window, lock end, locks so far); rows idle for longer than any window or lock
 * are deleted as failures come in. Not tenant data: keys exist before a tenant is known (a reference table).
 */
export const name = '029-sign-in-throttle';

export const up = `
CREATE TABLE sign_in_throttle (
  key text PRIMARY KEY,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_throttle_updated_at ON sign_in_throttle (updated_at);
`;
