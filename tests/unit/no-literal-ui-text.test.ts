import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue #27 item 1: every text a user reads comes from the react-i18next resources (src/i18n/locales/), so a second
 * language is a file, not a code change. This test parses the browser code with the TypeScript compiler and fails
 * on text written into it (docs/architecture.md "Texts and languages").
 */

/** Folders whose .ts/.tsx modules are checked (tests, stories, fixtures, benches and test helpers excepted). */
const ROOTS = ['src/app', 'src/runtime', 'src/machines', 'panels'];

/**
 * Panel modules that hold no UI text: a kind's definition (index.ts: its catalogue name and description, read by
 * developers in Storybook and the layout schema) and options (options.ts: the layout schema's documentation for layout
 * authors), and its test data (fixtures.ts, *Fixture.tsx).
 */
const PANEL_MODULES_WITHOUT_UI_TEXT = /^panels\/[^/]+\/(index\.ts|options\.ts|fixtures\.ts|[A-Za-z]+Fixture\.tsx)$/;
/** Modules outside the roots that produce UI text. */
const UI_TEXT_MODULES = [
  'src/api/error-catalogue.ts',
  // src/shared modules whose ids the panels word (their names are panels.json keys now).
  'src/shared/jobs/job-buckets.ts',
  'src/shared/systems/printer-status-display.ts',
  'src/shared/systems/system-pages.ts',
  // Frames the table panel words (their headers, facts, summaries are `frames.*` keys) and the legend's period words.
  'src/shared/contract/jobs.frames.ts',
  'src/shared/contract/overview.frames.ts',
  'src/shared/contract/report.frames.ts',
  'src/shared/contract/system-data.frames.ts',
  'src/shared/contract/system-page.frames.ts',
  'src/shared/format/period-comparison.ts',
];

/**
 * Attributes and object properties whose string value a user reads (or a screen reader says). Class names, ids,
 * icons, roles, test ids, keys and URLs are not in it. An object literal's property with one of these names is
 * checked too: menu models (`{ label: 'Settings' }`), toasts (`{ summary, detail }`), column definitions (`header`).
 */
const TEXT_PROPERTIES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'placeholder',
  'alt',
  'label',
  'header',
  'footer',
  'tooltip',
  'emptyMessage',
  'message',
  'summary',
  'detail',
  'caption',
  'heading',
  'description',
  'text',
  'acceptLabel',
  'rejectLabel',
  'confirmLabel',
  'ariaLabel',
  'legend',
]);

/** Other attribute and property names users read: `ariaCloseLabel`, `emptyMessage`, `loadingText`, `headerTitle`, … */
const TEXT_PROPERTY_SUFFIX = /(Label|Title|Text|Message|Placeholder|Tooltip)$/;

function isTextProperty(name: string | null): boolean {
  return name !== null && (TEXT_PROPERTIES.has(name) || TEXT_PROPERTY_SUFFIX.test(name));
}

/**
 * A value of a table row's cells (`cells: { result: 'Passed' }`): the table shows it and its search matches it, so a
 * word of ours there is a `FrameText` key, never English (data such as a message's name is not a literal).
 */
function isTableCell(node: ts.PropertyAssignment): boolean {
  const cells = node.parent.parent;
  return ts.isPropertyAssignment(cells) && propertyName(cells.name) === 'cells';
}

/** Props whose default value is checked (`placeholder = 'chart'` is a shape, not a text). */
function isTextDefault(name: string | null): boolean {
  return isTextProperty(name) && name !== 'placeholder';
}

/** Calls that show their string arguments to the user: `notifications.error('…')`, `window.confirm('…')`, … */
const TEXT_CALLS = new Set([
  'notifications.error',
  'notifications.success',
  'notifications.info',
  'notifications.warn',
  'window.alert',
  'window.confirm',
  'alert',
  'confirm',
]);

/**
 * Texts that are the same in every language, allowed verbatim (after trimming). Keep it short: each entry says
 * why it is not translated.
 */
const ALLOWED_TEXTS = new Set([
  // System groups: data names (the API's `group` values), shown as they are.
  'DTG',
  'DTF',
  'Apollo',
]);

/** Letters of any script: a string without any (punctuation, '—', '%', '·', digits) is no text to translate. */
const LETTER = /\p{L}/u;
/** A text key ('pageTitles.goals', 'report.emptyIcons.tank'): a dotted path is looked up, not shown. */
const TEXT_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

function sourceFilesUnder(folder: string): string[] {
  return (
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      .filter((entry) => !/\.(test|stories|fixtures|bench)\.tsx?$|-(bench-page|stories)\.tsx$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name))
      // Test helpers (fake API answers, identities) hold data, not UI.
      .filter((file) => !file.split(sep).includes('testing'))
      .filter((file) => !PANEL_MODULES_WITHOUT_UI_TEXT.test(file.split(sep).join('/')))
  );
}

/** The string pieces an expression evaluates to when it is used as a value (not call arguments: `t('key')` is a key). */
function valueStrings(expression: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression];
  if (ts.isTemplateExpression(expression)) {
    return [
      expression.head,
      ...expression.templateSpans.flatMap((span) => [span.literal, ...valueStrings(span.expression)]),
    ];
  }
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression)
  ) {
    return valueStrings(expression.expression);
  }
  if (ts.isConditionalExpression(expression))
    return [...valueStrings(expression.whenTrue), ...valueStrings(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken)
      return [...valueStrings(expression.left), ...valueStrings(expression.right)];
    if (
      operator === ts.SyntaxKind.QuestionQuestionToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.AmpersandAmpersandToken
    ) {
      return valueStrings(expression.right);
    }
  }
  return [];
}

function textOf(node: ts.Node): string {
  if (ts.isJsxText(node)) return node.text;
  if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
    return node.text;
  }
  return '';
}

function propertyName(name: ts.Node): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/** Every literal UI text of one module. */
export function literalTexts(file: string, source: string): LiteralText[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: LiteralText[] = [];
  const report = (node: ts.Node): void => {
    const text = textOf(node).replace(/\s+/g, ' ').trim();
    if (!LETTER.test(text) || ALLOWED_TEXTS.has(text) || TEXT_KEY.test(text)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node);
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      valueStrings(node.expression).forEach(report);
    } else if (ts.isJsxAttribute(node) && node.initializer && isTextProperty(propertyName(node.name))) {
      if (ts.isStringLiteral(node.initializer)) report(node.initializer);
      else if (ts.isJsxExpression(node.initializer) && node.initializer.expression) {
        valueStrings(node.initializer.expression).forEach(report);
      }
    } else if (ts.isPropertyAssignment(node) && (isTextProperty(propertyName(node.name)) || isTableCell(node))) {
      valueStrings(node.initializer).forEach(report);
    } else if (
      ts.isBindingElement(node) &&
      node.initializer &&
      isTextDefault(propertyName(node.propertyName ?? node.name))
    ) {
      // A component's default: `{ text = 'Loading...' }`.
      valueStrings(node.initializer).forEach(report);
    } else if (ts.isCallExpression(node) && TEXT_CALLS.has(node.expression.getText(sourceFile))) {
      node.arguments.flatMap(valueStrings).forEach(report);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(sourceFile) === 'document.title'
    ) {
      valueStrings(node.right).forEach(report);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('no literal UI text in the browser code', () => {
  it('finds texts where users read them (the detector itself)', () => {
    const sample = [
      `const a = <p title="Hover me">Hello {name}</p>;`,
      `const b = <input aria-label={open ? 'Close menu' : 'Open menu'} placeholder={t('x.y')} className="big" />;`,
      `const c = <span>{busy ? 'Saving' : t('common.save')} — 42 %</span>;`,
      `notifications.success('Saved');`,
      `const items = [{ label: 'Settings', icon: 'pi pi-cog' }, { label: 'DTG' }];`,
      `document.title = \`Report \${name}\`;`,
      `function Spinner({ text = 'Loading...', size = 'big' }) { return <Sidebar ariaCloseLabel="Close it" title={t('a.b')} />; }`,
      `const keyed = { title: 'pageTitles.goals', label: 'DTF' };`,
      `const row = { key: 'a', cells: { name: test.name, result: test.passed ? 'Passed' : { key: 'frames.x.failed' } } };`,
    ].join('\n');
    expect(literalTexts('sample.tsx', sample).map(({ line, text }) => `${line}: ${text}`)).toEqual([
      '1: Hover me',
      '1: Hello',
      '2: Close menu',
      '2: Open menu',
      '3: Saving',
      '4: Saved',
      '5: Settings',
      '6: Report',
      '7: Loading...',
      '7: Close it',
      '9: Passed',
    ]);
  });

  it('finds none in the portal’s browser modules', () => {
    const files = [...ROOTS.flatMap(sourceFilesUnder), ...UI_TEXT_MODULES];
    const offenders = files.flatMap((file) => literalTexts(file, readFileSync(file, 'utf8')));
    expect(offenders.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });
});
