import { SYSTEM_GROUPS } from '../../shared/system-group.ts';

/**
 * JSON Schema fragments shared by the route schemas. Fastify validates params, query and body with them
 * (additional properties are rejected, not stripped: see app.ts) and serialises responses through them.
 */

/** The uniform error body (ApiErrorBody in src/shared/api-types.ts). */
export const apiErrorSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false,
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    code: { type: 'string' },
  },
} as const;

/** Error responses every route can give. */
export const errorResponses = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** For routes that take no query parameters: anything sent is an error, not silently ignored. */
export const noQuerySchema = { type: 'object', additionalProperties: false, properties: {} } as const;

export const systemGroupSchema = { type: 'string', enum: [...SYSTEM_GROUPS] } as const;

/** A calendar day, yyyy-MM-dd, from 2000-01-01 to 2099-12-31 (input-rules.ts: ACCEPTED_DAYS). */
export const daySchema = { type: 'string', calendarDay: true } as const;

/** A custom range `from/to`, each edge yyyy-MM-dd[THH:00] with an accepted day (input-rules.ts). */
export const customRangeSchema = { type: 'string', maxLength: 40, customRange: true } as const;

export const nullableString = { type: ['string', 'null'] } as const;

export const stringArray = { type: 'array', items: { type: 'string' } } as const;
