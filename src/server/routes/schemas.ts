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

/** A calendar day, yyyy-MM-dd. */
export const daySchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;

export const nullableString = { type: ['string', 'null'] } as const;

export const stringArray = { type: 'array', items: { type: 'string' } } as const;
