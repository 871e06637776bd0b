/**
 * A JSON Schema check for the browser, where the CSP forbids the code generation of ajv and of TypeBox's compiler, and
 * where ajv or TypeBox's interpreter would cost 15–35 KB gzip per report route. It knows the keywords the API's answer
 * schemas use (src/shared/contract/, written with TypeBox); `npm run panels:index` refuses to publish an answer schema
 * with any other keyword (UNCHECKED_KEYWORDS), so nothing is silently skipped.
 */

/** One way the value differs from its schema: where (a JSON pointer) and what. */
export interface SchemaProblem {
  pointer: string;
  message: string;
}

/** Checks a value; returns its problems (none: the value is valid). */
export type SchemaCheck = (value: unknown) => SchemaProblem[];

type NodeCheck = (value: unknown, pointer: string, problems: SchemaProblem[]) => void;

type Schema = Record<string, unknown>;

/** Keywords that only name or describe a schema. */
const ANNOTATIONS = ['$id', '$schema', 'title', 'description', 'default', 'examples'];

/** Keywords the check enforces. */
const CHECKED = [
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
];

/** The keywords of `schema` (at any depth) the check does not enforce, with their JSON pointers in the schema. */
export function uncheckedKeywords(schema: unknown, pointer = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([keyword, value]: [string, unknown]) => {
    const at = `${pointer}/${keyword}`;
    if (ANNOTATIONS.includes(keyword)) return [];
    if (!CHECKED.includes(keyword)) return [at];
    if (keyword === 'properties') {
      return Object.entries(value as Schema).flatMap(([name, property]) =>
        uncheckedKeywords(property, `${at}/${name}`),
      );
    }
    if (keyword === 'anyOf')
      return (value as unknown[]).flatMap((option, index) => uncheckedKeywords(option, `${at}/${index}`));
    return keyword === 'items' || keyword === 'additionalProperties' ? uncheckedKeywords(value, at) : [];
  });
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

function escapeKey(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function sizeOf(value: unknown): number | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return undefined;
}

function boundCheck(keyword: string, limit: number): NodeCheck {
  const measure = (value: unknown) =>
    keyword.endsWith('imum') ? (typeof value === 'number' ? value : undefined) : sizeOf(value);
  const below = keyword.startsWith('min');
  return (value, pointer, problems) => {
    const measured = measure(value);
    if (measured !== undefined && (below ? measured < limit : measured > limit)) {
      problems.push({ pointer, message: `must satisfy ${keyword} ${limit}` });
    }
  };
}

function objectCheck(schema: Schema): NodeCheck {
  const properties = Object.entries((schema['properties'] ?? {}) as Record<string, Schema>).map(
    ([name, property]) => [name, compileNode(property)] as const,
  );
  const required = (schema['required'] ?? []) as string[];
  const additional = schema['additionalProperties'];
  const known = new Set(properties.map(([name]) => name));
  const checkAdditional =
    typeof additional === 'object' && additional !== null ? compileNode(additional as Schema) : null;
  return (value, pointer, problems) => {
    if (typeOf(value) !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const name of required) {
      if (!Object.hasOwn(record, name)) problems.push({ pointer, message: `must have property '${name}'` });
    }
    for (const [name, check] of properties) {
      if (Object.hasOwn(record, name)) check(record[name], `${pointer}/${escapeKey(name)}`, problems);
    }
    for (const name of Object.keys(record).filter((key) => !known.has(key))) {
      const at = `${pointer}/${escapeKey(name)}`;
      if (additional === false) problems.push({ pointer: at, message: 'is not a property of the schema' });
      else checkAdditional?.(record[name], at, problems);
    }
  };
}

function compileNode(schema: Schema): NodeCheck {
  const checks: NodeCheck[] = [];
  const type = schema['type'];
  if (type !== undefined) {
    const types = Array.isArray(type) ? (type as string[]) : [type as string];
    checks.push((value, pointer, problems) => {
      if (!types.some((expected) => hasType(value, expected))) {
        problems.push({ pointer, message: `must be ${types.join(' or ')}, not ${typeOf(value)}` });
      }
    });
  }
  if (Array.isArray(schema['enum'])) {
    const allowed = schema['enum'] as unknown[];
    checks.push((value, pointer, problems) => {
      if (!allowed.includes(value)) problems.push({ pointer, message: `must be one of ${JSON.stringify(allowed)}` });
    });
  }
  if ('const' in schema) {
    checks.push((value, pointer, problems) => {
      if (value !== schema['const']) problems.push({ pointer, message: `must be ${JSON.stringify(schema['const'])}` });
    });
  }
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema)
    checks.push(objectCheck(schema));
  if (typeof schema['items'] === 'object') {
    const item = compileNode(schema['items'] as Schema);
    checks.push((value, pointer, problems) => {
      if (Array.isArray(value)) value.forEach((element, index) => item(element, `${pointer}/${index}`, problems));
    });
  }
  if (Array.isArray(schema['anyOf'])) {
    const options = (schema['anyOf'] as Schema[]).map(compileNode);
    checks.push((value, pointer, problems) => {
      const fits = options.some((option) => {
        const found: SchemaProblem[] = [];
        option(value, pointer, found);
        return found.length === 0;
      });
      if (!fits) problems.push({ pointer, message: 'matches none of the schemas of anyOf' });
    });
  }
  for (const keyword of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (typeof schema[keyword] === 'number') checks.push(boundCheck(keyword, schema[keyword]));
  }
  return (value, pointer, problems) => {
    for (const check of checks) check(value, pointer, problems);
  };
}

/** Compiles a schema once into a check (closures, no generated code); call the check for every value. */
export function compileJsonSchema(schema: object): SchemaCheck {
  const check = compileNode(schema as Schema);
  return (value) => {
    const problems: SchemaProblem[] = [];
    check(value, '', problems);
    return problems;
  };
}
