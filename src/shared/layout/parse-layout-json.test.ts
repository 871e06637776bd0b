import { describe, expect, it } from 'vitest';
import { lineAndColumn, parseLayoutJson } from './parse-layout-json.ts';

describe('parseLayoutJson', () => {
  it('parses valid JSON', () => {
    expect(parseLayoutJson('{ "id": "overview" }', 'layouts/overview.json')).toEqual({
      json: { id: 'overview' },
      issue: null,
    });
  });

  it.each([
    ['{\n  "id": "x",\n  "title": "X"\n  "queries": {}\n}', "line 4, column 3: expected ',' or '}', found '\"'"],
    ['{\n  "id": "x",\n}', "line 3, column 1: expected a double-quoted key, found '}'"],
    ['{\n  "queries": { "a": tru }\n}', "line 2, column 21: expected a value, found 't'"],
    ['{ "id": "x"', "line 1, column 12: expected ',' or '}', found end of file"],
    ['{ "id": "x\n" }', 'line 1, column 11: control character in string'],
    ['{} {}', "line 1, column 4: unexpected '{' after the document"],
    ['', 'line 1, column 1: expected a value, found end of file'],
  ])('reports %j at its line and column', (text, where) => {
    const result = parseLayoutJson(text, 'layouts/x.json');
    expect(result.json).toBeNull();
    expect(result.issue).toEqual({ file: 'layouts/x.json', pointer: '', message: `invalid JSON at ${where}` });
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
