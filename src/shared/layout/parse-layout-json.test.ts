import { describe, expect, it } from 'vitest';
import { lineAndColumn, locateIssues, parseLayoutJson } from './parse-layout-json.ts';

describe('parseLayoutJson', () => {
  it('parses valid JSON', () => {
    expect(parseLayoutJson('{ "id": "overview" }', 'layouts/overview.json')).toEqual({
      json: { id: 'overview' },
      issue: null,
    });
  });

  it.each([
    ['{\n  "id": "x",\n  "title": "X"\n  "queries": {}\n}', 4, 3, "expected ',' or '}', found '\"'"],
    ['{\n  "id": "x",\n}', 3, 1, "expected a double-quoted key, found '}'"],
    ['{\n  "queries": { "a": tru }\n}', 2, 21, "expected a value, found 't'"],
    ['{ "id": "x"', 1, 12, "expected ',' or '}', found end of file"],
    ['{ "id": "x\n" }', 1, 11, 'control character in string'],
    ['{} {}', 1, 4, "unexpected '{' after the document"],
    ['', 1, 1, 'expected a value, found end of file'],
  ])('reports %j at its line and column', (text, line, column, problem) => {
    const result = parseLayoutJson(text, 'layouts/x.json');
    expect(result.json).toBeNull();
    expect(result.issue).toEqual({
      file: 'layouts/x.json',
      pointer: '',
      line,
      column,
      message: `invalid JSON: ${problem}`,
    });
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('locateIssues', () => {
  const text = [
    '{',
    '  "panels": {',
    '    "a/b": { "kind": "kpi-crad" }',
    '  },',
    '  "placement": { "desktop": [',
    '    { "panel": "a" },',
    '      { "panel": "c" }',
    '  ] }',
    '}',
  ].join('\n');
  const at = (pointer: string) => locateIssues(text, [{ file: 'f.json', pointer, message: 'm' }])[0];

  it('places an object member at its key, with escaped pointer segments', () => {
    expect(at('/panels/a~1b/kind')).toMatchObject({ line: 3, column: 14 });
    expect(at('/panels')).toMatchObject({ line: 2, column: 3 });
  });

  it('places an array element at its value', () => {
    expect(at('/placement/desktop/1')).toMatchObject({ line: 7, column: 7 });
    expect(at('/placement/desktop/1/panel')).toMatchObject({ line: 7, column: 9 });
  });

  it('places a missing member at its nearest parent, and the whole document at 1:1', () => {
    expect(at('/panels/a~1b/title')).toMatchObject({ line: 3, column: 5 });
    expect(at('')).toMatchObject({ line: 1, column: 1 });
  });

  it('keeps everything else of the issue', () => {
    expect(locateIssues(text, [{ file: 'f.json', pointer: '/panels', message: 'm', suggestion: 's' }])).toEqual([
      { file: 'f.json', pointer: '/panels', message: 'm', suggestion: 's', line: 2, column: 3 },
    ]);
  });
});
