import { jsonPointer } from './json-pointer.ts';
import type { LayoutIssue } from './layout-types.ts';

interface SyntaxProblem {
  offset: number;
  message: string;
}

/**
 * A JSON reader that knows where it is: it finds the first syntax problem (JSON.parse's own messages carry no
 * position for some errors) and records where every value sits, by JSON pointer, so validation issues get a line and column.
 */
class JsonScanner {
  readonly text: string;
  offset = 0;
  /** Offset of each object member's key (so an unknown key is shown where it is written) or array element's value. */
  readonly positions = new Map<string, number>([['', 0]]);

  constructor(text: string) {
    this.text = text;
  }

  fail(message: string): never {
    throw { offset: this.offset, message } satisfies SyntaxProblem;
  }

  describeHere(): string {
    const char = this.text[this.offset];
    return char === undefined ? 'end of file' : `'${char}'`;
  }

  skipSpace(): void {
    while (/[ \t\n\r]/.test(this.text[this.offset] ?? '')) this.offset++;
  }

  expect(char: string, what: string): void {
    this.skipSpace();
    if (this.text[this.offset] !== char) this.fail(`expected ${what}, found ${this.describeHere()}`);
    this.offset++;
  }

  value(pointer: string): void {
    this.skipSpace();
    const char = this.text[this.offset];
    if (char === '{') return this.object(pointer);
    if (char === '[') return this.array(pointer);
    if (char === '"') return void this.string();
    const rest = this.text.slice(this.offset);
    const token = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(rest)?.[0];
    if (token === undefined) this.fail(`expected a value, found ${this.describeHere()}`);
    this.offset += token.length;
  }

  object(pointer: string): void {
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === '}') {
      this.offset++;
      return;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.offset] !== '"') this.fail(`expected a double-quoted key, found ${this.describeHere()}`);
      const keyOffset = this.offset;
      const member = pointer + jsonPointer(this.string());
      this.positions.set(member, keyOffset);
      this.expect(':', "':'");
      this.value(member);
      this.skipSpace();
      if (this.text[this.offset] === '}') {
        this.offset++;
        return;
      }
      this.expect(',', "',' or '}'");
    }
  }

  array(pointer: string): void {
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === ']') {
      this.offset++;
      return;
    }
    for (let index = 0; ; index++) {
      this.skipSpace();
      const element = pointer + jsonPointer(index);
      this.positions.set(element, this.offset);
      this.value(element);
      this.skipSpace();
      if (this.text[this.offset] === ']') {
        this.offset++;
        return;
      }
      this.expect(',', "',' or ']'");
    }
  }

  /** Reads a string literal and returns its value. */
  string(): string {
    const start = this.offset;
    this.offset++;
    for (;;) {
      const char = this.text[this.offset];
      if (char === undefined) this.fail('unterminated string');
      if (char === '"') {
        this.offset++;
        return JSON.parse(this.text.slice(start, this.offset)) as string;
      }
      if (char < ' ') this.fail('control character in string');
      if (char === '\\') {
        const escape = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(this.text.slice(this.offset))?.[0];
        if (escape === undefined) this.fail('invalid escape in string');
        this.offset += escape.length;
      } else {
        this.offset++;
      }
    }
  }

  document(): void {
    this.value('');
    this.skipSpace();
    if (this.offset < this.text.length) this.fail(`unexpected ${this.describeHere()} after the document`);
  }
}

function scan(text: string): { scanner: JsonScanner; problem: SyntaxProblem | null } {
  const scanner = new JsonScanner(text);
  try {
    scanner.document();
  } catch (problem) {
    return { scanner, problem: problem as SyntaxProblem };
  }
  return { scanner, problem: null };
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Parses a layout file's text; a syntax error becomes an issue naming the file, line and column. */
export function parseLayoutJson(
  text: string,
  file: string,
): { json: unknown; issue: null } | { json: null; issue: LayoutIssue } {
  try {
    return { json: JSON.parse(text) as unknown, issue: null };
  } catch {
    const problem = scan(text).problem ?? { offset: 0, message: 'not valid JSON' };
    const { line, column } = lineAndColumn(text, problem.offset);
    return { json: null, issue: { file, pointer: '', line, column, message: `invalid JSON: ${problem.message}` } };
  }
}

/**
 * Adds the line and column of each issue's JSON pointer in `text` (the member's key, or the array element);
 * a pointer to something absent (a missing key) gets the position of its nearest parent.
 */
export function locateIssues(text: string, issues: LayoutIssue[]): LayoutIssue[] {
  if (issues.length === 0) return issues;
  const { positions } = scan(text).scanner;
  return issues.map((issue) => {
    let pointer = issue.pointer;
    while (!positions.has(pointer)) pointer = pointer.replace(/\/[^/]*$/, '');
    return { ...issue, ...lineAndColumn(text, positions.get(pointer) ?? 0) };
  });
}
