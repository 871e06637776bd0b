import type { LayoutIssue } from './layout-types.ts';

interface SyntaxProblem {
  offset: number;
  message: string;
}

class JsonScanner {
  readonly text: string;
  offset = 0;

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

  value(): void {
    this.skipSpace();
    const char = this.text[this.offset];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    const rest = this.text.slice(this.offset);
    const token = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(rest)?.[0];
    if (token === undefined) this.fail(`expected a value, found ${this.describeHere()}`);
    this.offset += token.length;
  }

  object(): void {
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === '}') {
      this.offset++;
      return;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.offset] !== '"') this.fail(`expected a double-quoted key, found ${this.describeHere()}`);
      this.string();
      this.expect(':', "':'");
      this.value();
      this.skipSpace();
      if (this.text[this.offset] === '}') {
        this.offset++;
        return;
      }
      this.expect(',', "',' or '}'");
    }
  }

  array(): void {
    this.offset++;
    this.skipSpace();
    if (this.text[this.offset] === ']') {
      this.offset++;
      return;
    }
    for (;;) {
      this.value();
      this.skipSpace();
      if (this.text[this.offset] === ']') {
        this.offset++;
        return;
      }
      this.expect(',', "',' or ']'");
    }
  }

  string(): void {
    this.offset++;
    for (;;) {
      const char = this.text[this.offset];
      if (char === undefined) this.fail('unterminated string');
      if (char === '"') {
        this.offset++;
        return;
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
}

/** Where and why `text` is not JSON (JSON.parse's own messages carry no position for some errors). */
function findSyntaxProblem(text: string): SyntaxProblem {
  const scanner = new JsonScanner(text);
  try {
    scanner.value();
    scanner.skipSpace();
    if (scanner.offset < text.length) scanner.fail(`unexpected ${scanner.describeHere()} after the document`);
  } catch (problem) {
    return problem as SyntaxProblem;
  }
  return { offset: 0, message: 'not valid JSON' };
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
    const problem = findSyntaxProblem(text);
    const { line, column } = lineAndColumn(text, problem.offset);
    return {
      json: null,
      issue: { file, pointer: '', message: `invalid JSON at line ${line}, column ${column}: ${problem.message}` },
    };
  }
}
