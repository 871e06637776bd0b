import { describe, expect, it } from 'vitest';
import { ANSWER_SCHEMAS, ANSWER_SCHEMA_NAMES } from '../contract/answer-schemas.ts';
import { compileJsonSchema, uncheckedKeywords } from './json-schema-check.ts';

const card = {
  type: 'object',
  required: ['value', 'units', 'trend'],
  properties: {
    value: { type: ['number', 'null'] },
    units: { enum: ['imp', 'm'], type: 'string' },
    trend: { anyOf: [{ const: 'up' }, { type: 'null' }] },
    points: { type: 'array', maxItems: 2, items: { type: 'integer', minimum: 0 } },
    label: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
};

describe('compileJsonSchema', () => {
  const check = compileJsonSchema(card);

  it('accepts a value of the schema', () => {
    expect(check({ value: 1.5, units: 'imp', trend: null, points: [0, 3], label: 'Total' })).toEqual([]);
    expect(check({ value: null, units: 'm', trend: 'up' })).toEqual([]);
  });

  it('names every problem with its JSON pointer', () => {
    expect(check({ value: '1', units: 'yd', points: [1.5, -1, 2], extra: 0, label: '' })).toEqual([
      { pointer: '', message: "must have property 'trend'" },
      { pointer: '/value', message: 'must be number or null, not string' },
      { pointer: '/units', message: 'must be one of ["imp","m"]' },
      { pointer: '/points/0', message: 'must be integer, not number' },
      { pointer: '/points/1', message: 'must satisfy minimum 0' },
      { pointer: '/points', message: 'must satisfy maxItems 2' },
      { pointer: '/label', message: 'must satisfy minLength 1' },
      { pointer: '/extra', message: 'is not a property of the schema' },
    ]);
    expect(check({ value: 1, units: 'imp', trend: 'down' })).toEqual([
      { pointer: '/trend', message: 'matches none of the schemas of anyOf' },
    ]);
    expect(check(null)).toEqual([{ pointer: '', message: 'must be object, not null' }]);
  });

  it('checks every keyword the answer schemas use', () => {
    expect(ANSWER_SCHEMA_NAMES.flatMap((name) => uncheckedKeywords(ANSWER_SCHEMAS[name]))).toEqual([]);
    expect(uncheckedKeywords({ properties: { day: { type: 'string', pattern: '^\\d+$' } } })).toEqual([
      '/properties/day/pattern',
    ]);
  });
});
