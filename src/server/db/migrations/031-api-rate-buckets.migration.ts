/**
 * Issue #29: the public data API's rate limit shared by every portal node (public-api/rate-buckets.ts). One token bucket
 * per client certificate (its thumbprint): the tokens left at `at`, and whether the bucket's latest request was let
 * through. Buckets idle long enough to be full again are deleted now and then. A reference table like
 * `client_certificates`, which the API finds by the same thumbprint. UNLOGGED: every API request writes its bucket, and
 * that state is disposable (after a crash the buckets start full), so it skips the WAL and its flush per request; the
 * replicas do not get it, and nothing reads it there.
 */
export const name = '031-api-rate-buckets';

export const up = `
CREATE UNLOGGED TABLE api_rate_buckets (
  thumbprint text PRIMARY KEY,
  tokens double precision NOT NULL,
  at timestamptz NOT NULL,
  allowed boolean NOT NULL
);
CREATE INDEX api_rate_buckets_at ON api_rate_buckets (at);
`;
