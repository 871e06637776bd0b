import type { Ajv, AnySchema, ValidateFunction } from 'ajv';

/**
 * Route validators compiled on a route's first call instead of while the app starts (issue #25: Ajv's compilation of
 * every route's schemas was the largest part of a restart's main thread, about 1.5 s, for routes most starts never
 * see called). Fastify still prepares each route's schemas as before (header names lower-cased, the shared input
 * rules added) and hands them to its own Ajv; only that Ajv's `compile` answers with a function that compiles the
 * schema the first time Fastify uses it. A request then gets exactly the answer an eagerly compiled validator gives:
 * the same Ajv, options, keywords and error objects.
 */
export interface LazySchemaCompilation {
  /** Fastify's `ajv.onCreate`: makes the app's Ajv compile on first use. */
  onCreate(ajv: Ajv): void;
  /** Compiles every schema not compiled yet (an invalid schema throws here); returns how many it compiled. */
  compileAll(): number;
}

export function lazySchemaCompilation(): LazySchemaCompilation {
  const pending = new Set<() => ValidateFunction>();
  return {
    onCreate(ajv) {
      const compile = ajv.compile.bind(ajv) as (schema: AnySchema, meta?: boolean) => ValidateFunction;
      ajv.compile = ((schema: AnySchema, meta?: boolean) =>
        compileOnFirstUse(() => compile(schema, meta), pending)) as Ajv['compile'];
    },
    compileAll() {
      const waiting = [...pending];
      for (const compiled of waiting) compiled();
      return waiting.length;
    },
  };
}

/**
 * A validate function that compiles on its first call, or when Fastify reads `schemaEnv` (its sign to pass the
 * parent object, so coercion can replace a root value) or `errors`.
 */
function compileOnFirstUse(compileNow: () => ValidateFunction, pending: Set<() => ValidateFunction>): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const get = (): ValidateFunction => {
    if (compiled === undefined) {
      compiled = compileNow();
      pending.delete(get);
    }
    return compiled;
  };
  pending.add(get);
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
