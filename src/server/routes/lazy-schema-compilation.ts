import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { Ajv, AnySchema, ValidateFunction } from 'ajv';

/**
 * Route validators and response serializers compiled on a route's first call instead of while the app starts (issue
 * #25: Ajv's compilation of every route's schemas was the largest part of a restart's main thread, about 1.5 s, and
 * fast-json-stringify's serializers the next, about 0.3 s, for routes most starts never see called). Fastify still
 * prepares each route's schemas as before (header names lower-cased, the shared input rules added) and hands them to
 * its own Ajv and serializer factory; only these answer with a function that compiles the schema the first time Fastify
 * uses it. A request then gets exactly the answer an eagerly compiled one gives: the same Ajv, options, keywords and
 * error objects, the same fast-json-stringify (Fastify's own default factory) with the same options.
 */
export interface LazySchemaCompilation {
  /** Fastify's `ajv.onCreate`: makes the app's Ajv compile on first use. */
  onCreate(ajv: Ajv): void;
  /** Fastify's `schemaController.compilersFactory.buildSerializer`: fast-json-stringify, each serializer on first use. */
  buildSerializer: SerializerFactory;
  /** Compiles every schema not compiled yet (an invalid schema throws here); returns how many it compiled. */
  compileAll(): number;
}

export function lazySchemaCompilation(): LazySchemaCompilation {
  const pending = new Set<() => unknown>();
  const serializers = SerializerSelector();
  return {
    onCreate(ajv) {
      const compile = ajv.compile.bind(ajv) as (schema: AnySchema, meta?: boolean) => ValidateFunction;
      ajv.compile = ((schema: AnySchema, meta?: boolean) =>
        compileOnFirstUse(() => compile(schema, meta), pending)) as Ajv['compile'];
    },
    buildSerializer(externalSchemas, options) {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        const serializer = firstUse(() => compile(route), pending);
        return (data: unknown) => serializer()(data);
      };
    },
    compileAll() {
      const waiting = [...pending];
      for (const compiled of waiting) compiled();
      return waiting.length;
    },
  };
}

/** `compileNow`'s result, made on the first call of the returned function (and listed in `pending` until then). */
function firstUse<T>(compileNow: () => T, pending: Set<() => unknown>): () => T {
  let compiled: { value: T } | undefined;
  const get = (): T => {
    if (compiled === undefined) {
      compiled = { value: compileNow() };
      pending.delete(get);
    }
    return compiled.value;
  };
  pending.add(get);
  return get;
}

/**
 * A validate function that compiles on its first call, or when Fastify reads `schemaEnv` (its sign to pass the
 * parent object, so coercion can replace a root value) or `errors`.
 */
function compileOnFirstUse(compileNow: () => ValidateFunction, pending: Set<() => unknown>): ValidateFunction {
  const get = firstUse(compileNow, pending);
  const validate = function (this: unknown, ...args: Parameters<ValidateFunction>) {
    return get().apply(this, args);
  };
  Object.defineProperties(validate, {
    errors: { get: () => get().errors, set: (errors: ValidateFunction['errors']) => (get().errors = errors) },
    schemaEnv: { get: () => get().schemaEnv },
    schema: { get: () => get().schema },
  });
  return validate as unknown as ValidateFunction;
}
