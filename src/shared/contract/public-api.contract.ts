import { Type } from 'typebox';

/**
 * Contract of the public data API (issue #28): read-only report data of a client certificate's tenant over mutual TLS.
 * Its queries and JSON answers are the browser API's own schemas (report.contract.ts, jobs.contract.ts,
 * overview.contract.ts, system-data.contract.ts); what only it answers is here.
 */

/** Version prefix of every public route: a breaking change gets /v2 beside it. */
export const PUBLIC_API_PREFIX = '/v1';

/** GET /v1/jobs.csv: one row per job that ended in the period (the Jobs ink download's columns), RFC 4180 CSV. */
export const JobsCsvSchema = Type.Unsafe<string>({
  type: 'string',
  contentMediaType: 'text/csv',
  description:
    'CSV, a header row then one row per job that ended in the period: start and end on the site’s clock ' +
    '(ISO 8601 local time, its UTC offset in the next column), system, site, model, image, size, print mode and media ' +
    'length (DTF), impressions and ink per colour in ml.',
});
