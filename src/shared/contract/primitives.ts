import { Type, type TEnumValue, type TProperties, type TSchema, type TSchemaOptions } from 'typebox';
import { SYSTEM_GROUPS } from '../system-group.ts';

/**
 * Building blocks of the API contract (docs/architecture.md §9 "API contract"). Every schema of `src/shared/contract/` is
 * plain JSON Schema built with TypeBox: Fastify validates requests and serialises answers with it, the OpenAPI document
 * is generated from it, and its TypeScript type is derived with `Static<>`. No server module is imported here, so
 * browser code may import any contract module.
 */

/** An object that lists every property it may have: the serialiser sends exactly these, validation refuses others. */
export const Closed = <Properties extends TProperties>(properties: Properties, options?: TSchemaOptions) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** A string from a closed list; `type: 'string'` keeps the serialiser on its fast string path. */
export const StringEnum = <const Values extends TEnumValue[]>(values: readonly [...Values], options?: TSchemaOptions) =>
  Type.Enum(values, { type: 'string', ...options });

/** `schema` or null (anyOf: use NullableString / NullableNumber for scalars, which serialise faster). */
export const Nullable = <Schema extends TSchema>(schema: Schema) => Type.Union([schema, Type.Null()]);

/** A string or null, as one `type` list rather than anyOf. */
export const NullableString = (options?: TSchemaOptions) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** A number or null, as one `type` list rather than anyOf. */
export const NullableNumber = (options?: TSchemaOptions) =>
  Type.Unsafe<number | null>({ type: ['number', 'null'], ...options });

export const SystemGroupSchema = StringEnum(SYSTEM_GROUPS);

/** A calendar day, yyyy-MM-dd, from 2000-01-01 to 2099-12-31 (the `calendarDay` keyword of src/server/routes/input-rules.ts). */
export const Day = (options?: TSchemaOptions) => Type.String({ calendarDay: true, ...options });

/** A custom range `from/to`, each edge yyyy-MM-dd[THH:00] with an accepted day (the `customRange` keyword). */
export const CustomRange = () => Type.String({ maxLength: 40, customRange: true });

/** For routes that take no query parameters: anything sent is an error, not silently ignored. */
export const NoQuery = Closed({});

/** The uniform error body of every API failure. */
export const ApiErrorBodySchema = Closed(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    /** Application code for 5xx errors that the client maps to a message (spec shell §8 "CODE:"). */
    code: Type.Optional(Type.String()),
  },
  { $id: 'ApiErrorBody' },
);

/** Error responses every route can give. */
export const ERROR_RESPONSES = { '4xx': ApiErrorBodySchema, '5xx': ApiErrorBodySchema } as const;

/** The answer of routes that answer 204: no body at all (typed `undefined`, so handlers call `send()` bare). */
export const NoContent = Type.Unsafe<undefined>({ type: 'null', description: 'No content' });
