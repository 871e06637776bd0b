import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue #27 item 1, the server's side of tests/unit/no-literal-ui-text.test.ts: the modules that word what users read
 * (identity-provider pages, e-mails, the texts report answers carry) take every word from the catalogue
 * (src/i18n/locales/<language>/, read by src/server/i18n/server-texts.ts), so a second language is a folder. This
 * test parses them and fails on words written into them: text between HTML tags, and string literals that read as
 * words (two words with a space) outside the places that are not shown to users.
 */
const SERVER_TEXT_MODULES = [
  'src/server/idp/idp-pages.ts',
  'src/server/idp/set-password-page.ts',
  'src/server/idp/set-password.routes.ts',
  'src/server/idp/interaction.routes.ts',
  'src/server/idp/identity-provider.ts',
  'src/server/mail/report-email.ts',
  'src/server/mail/access-email.ts',
  'src/server/mail/report-chart-drawing.ts',
  'src/server/reports/common/report-period.ts',
  'src/server/reports/common/kpi-comparisons.ts',
  'src/server/reports/system-state.ts',
];

/**
 * Calls whose string arguments no user reads: errors and log lines (for developers and operators; API errors are the
 * spec's English), the text lookup itself, HTML string surgery on the provider's own form.
 */
const NOT_SHOWN_CALLS =
  /^(new (HttpError|Error|TypeError|errors\.\w+)|.*\.log\.(info|warn|error|debug)|.*\.(info|warn|error|debug)|t|texts\.t|.*\.replace|.*\.header|ctx\.set|.*\.split|Check|new Check|Prompt|new Prompt)$/;

/** Letters, a space, letters: words, not a key, an id, a class name or a CSS value. */
const WORDS = /\p{L}{2,}[,.:!?]? +\p{L}{2,}/u;

/**
 * Strings with words that are not texts: SQL aliases, CSS declarations and font stacks, OAuth scope lists, Content
 * Security Policy directives.
 */
const NOT_TEXT = [
  /^[\w.]+ as \w+$/,
  /[\w-]+:\S/,
  /, sans-serif$/,
  /^openid( \w+)+$/,
  /^(default|style|script|img|font|connect|form|frame|base)-(src|action|ancestors|uri) /,
];

/** Words that are the same in every language. Keep it short: each says why. */
const ALLOWED_TEXTS = new Set([
  // The product's name (the OIDC client's name; the pages and e-mails take it from the catalogue all the same).
  'Fleet Portal',
]);

/**
 * Whether a literal's pieces read as words: a word with a space beside another word, where a substitution counts as
 * a word when the pieces hold one of their own (`${active} of ${total}`, but not `${first} ${last}`).
 */
function readsAsWords(pieces: readonly string[]): boolean {
  return pieces.some((piece) => /\p{L}{2,}/u.test(piece)) && WORDS.test(pieces.join('xx'));
}

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

/** The text nodes of an HTML template (expressions replaced by a separator): what is left between the tags. */
export function htmlTextOf(template: string): string[] {
  if (!/<[a-zA-Z!/]/.test(template)) return [];
  return template
    .replace(/<style>[\s\S]*?<\/style>/g, '\u241e')
    .replace(/<script>[\s\S]*?<\/script>/g, '\u241e')
    .replace(/<[^>]*>/g, '\u241e')
    .split(/\u241e|\n/)
    .map((text) => text.trim())
    .filter((text) => /\p{L}/u.test(text));
}

function calleeName(node: ts.CallExpression | ts.NewExpression, source: ts.SourceFile): string {
  const callee = node.expression.getText(source);
  return ts.isNewExpression(node) ? `new ${callee}` : callee;
}

/** Every word written into one server module where a user would read it. */
export function literalServerTexts(file: string, text: string): LiteralText[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LiteralText[] = [];
  const report = (node: ts.Node, shown: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ file, line: line + 1, text: shown.replace(/\s+/g, ' ').trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isJSDoc(node)) return;
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && NOT_SHOWN_CALLS.test(calleeName(node, source))) {
      ts.forEachChild(node.expression, visit);
      return;
    }
    // A tagged template is the tag's language (sql`…`), not text.
    if (ts.isTaggedTemplateExpression(node)) {
      ts.forEachChild(node.template, visit);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const pieces = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
        : [node.text];
      const template = pieces.join('\u241e');
      const html = htmlTextOf(template);
      if (html.length > 0) html.forEach((shown) => report(node, shown));
      else if (
        !/[<>{}]/.test(template) &&
        readsAsWords(pieces) &&
        !NOT_TEXT.some((pattern) => pattern.test(template)) &&
        !ALLOWED_TEXTS.has(template)
      ) {
        report(node, pieces.join('…'));
      }
      if (ts.isTemplateExpression(node)) node.templateSpans.forEach((span) => visit(span.expression));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no literal text in the server’s wording modules', () => {
  it('finds words where users read them (the detector itself)', () => {
    const sample = [
      'const a = `<p class="x">${escapeHtml(t(\'idp.x\'))}</p><label for="e">Email</label>`;',
      "const b = 'Sign in to your account';",
      "const c = t('idp.signIn.title');",
      "throw new HttpError(400, 'querystring must have one of day');",
      'const d = `${name}: not set (${value} produced)`;',
      "const e = { style: 'font-weight:bold', id: 'password-rules', key: 'reportAnswers.activeSystems' };",
      "request.log.info({ purpose }, 'password set from an e-mail link');",
      'const f = `${active} of ${total}`;',
      'const g = `${first} ${last}`;',
      'const h = sql`select ${x} AT TIME ZONE sites.time_zone`;',
    ].join('\n');
    expect(literalServerTexts('sample.ts', sample).map(({ line, text }) => `${line}: ${text}`)).toEqual([
      '1: Email',
      '2: Sign in to your account',
      '5: …: not set (… produced)',
      '8: … of …',
    ]);
  });

  it('finds none in the modules that word pages, e-mails and report texts', () => {
    const offenders = SERVER_TEXT_MODULES.flatMap((file) => literalServerTexts(file, readFileSync(file, 'utf8')));
    expect(offenders.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });
});
