import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { framesOffered, tableColumnKeys } from '../contract/answer-frames.ts';
import { ANSWER_SCHEMA_NAMES } from '../contract/answer-schemas.ts';
import type { FrameType } from '../contract/frames.ts';
import type { ReportFilterName } from '../report-filters.ts';
import { didYouMean } from './closest-match.ts';
import { jsonPointer } from './json-pointer.ts';
import { typeSuggestion } from './type-suggestion.ts';
import { layoutTextKeysIn } from './layout-text.ts';
import {
  GRID_COLUMNS,
  LAYOUT_BREAKPOINTS,
  isFilterRef,
  overlaps,
  type LayoutIssue,
  type LayoutPanel,
  type LayoutQuery,
  type ReportLayout,
} from './layout-types.ts';

/** Outcome of validating one layout file. */
export interface LayoutValidation {
  /** The layout when there are no errors, else null. */
  layout: ReportLayout | null;
  errors: LayoutIssue[];
  /** Problems that do not stop the report from working (a panel that is never placed). */
  warnings: LayoutIssue[];
}

/** A column key a panel's options name, e.g. `consumed` at `/columns/1/key` (a JSON pointer within `options`). */
export interface FrameColumnUse {
  pointer: string;
  key: string;
}

/** What the validator knows of a panel kind: its definition's metadata (panels/<kind>/index.ts), no React. */
export interface PanelKindRules {
  /** JSON Schema (draft 2020-12) of the kind's `options`. */
  optionsSchema: object;
  /** Smallest grid cell (columns × rows) the kind fits. */
  minSize: { w: number; h: number };
  /** A kind that reads answers: the answers (names of ANSWER_SCHEMAS) its panels' queries may answer. */
  answers?: readonly string[];
  /** A kind that reads frames: the frame type it draws; its panels name a frame of that type their query's answer offers. */
  accepts?: FrameType;
  /**
   * A table kind: the column keys its (valid) options name; each must be a column its panel's frame declares
   * (src/shared/contract/*.frames.ts), since the table would leave an unknown one out.
   */
  frameColumnsIn?(options: unknown): readonly FrameColumnUse[];
}

/**
 * What a layout is checked against, passed in by whoever validates (schemas/layout-catalog.ts builds it for the server,
 * `npm run layouts:check` and the tests), so src/shared imports nothing outside it.
 */
export interface LayoutCatalog {
  /** schemas/report-layout.schema.json. */
  layoutSchema: object;
  /** Every panel kind a layout may use, by name. */
  kinds: Readonly<Record<string, PanelKindRules>>;
  /** The keys of src/i18n/locales/en-US/layouts.json (`layouts.overview.production`): the text keys a layout may name. */
  textKeys: readonly string[];
}

interface Validators {
  layout: ValidateFunction;
  options: Record<string, ValidateFunction>;
}

const compiled = new WeakMap<LayoutCatalog, Validators>();

function validators(catalog: LayoutCatalog): Validators {
  let validators = compiled.get(catalog);
  if (validators === undefined) {
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true });
    const options = Object.fromEntries(
      Object.entries(catalog.kinds).map(([kind, rules]) => [kind, ajv.compile(rules.optionsSchema)]),
    );
    validators = { layout: ajv.compile(catalog.layoutSchema), options };
    compiled.set(catalog, validators);
  }
  return validators;
}

function quoteAll(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value))).join(', ');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `string '${value}'`;
  return `${typeof value} ${String(value)}`;
}

function keysOfSchemaProperties(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null || !('properties' in schema)) return [];
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

function issueAt(file: string, pointer: string, message: string, suggestion?: string): LayoutIssue {
  return suggestion === undefined ? { file, pointer, message } : { file, pointer, message, suggestion };
}

/** `unknown query 'overviewCard'` with the closest known name, or the list of known names when none is close. */
function unknownName(file: string, pointer: string, what: string, name: string, known: readonly string[]): LayoutIssue {
  const suggestion = didYouMean(name, known);
  const message =
    `unknown ${what} '${name}'` + (suggestion === undefined ? `; expected one of ${quoteAll(known)}` : '');
  return issueAt(file, pointer, message, suggestion);
}

/** Where the layout schema lists the panel kinds (generated from the folders of panels/). */
const PANEL_KIND_ENUM_PATH = '#/$defs/panelKind/enum';
/** Where the layout schema lists the answer schemas' names (generated from ANSWER_SCHEMAS). */
const ANSWER_NAME_ENUM_PATH = '#/$defs/answerName/enum';

function issueFromAjv(
  error: ErrorObject,
  file: string,
  base: string,
  kindNames: readonly string[],
): LayoutIssue | null {
  const at = base + error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'if' || error.keyword === 'propertyNames') return null;
  if (error.propertyName !== undefined) {
    return issueAt(file, at + jsonPointer(error.propertyName), `invalid id '${error.propertyName}': ${error.message}`);
  }
  if (error.keyword === 'enum' && error.schemaPath === PANEL_KIND_ENUM_PATH) {
    return unknownName(file, at, 'panel kind', String(error.data), kindNames);
  }
  if (error.keyword === 'enum' && error.schemaPath === ANSWER_NAME_ENUM_PATH) {
    return unknownName(file, at, 'answer schema', String(error.data), ANSWER_SCHEMA_NAMES);
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      return unknownName(file, at + jsonPointer(key), 'key', key, keysOfSchemaProperties(error.parentSchema));
    }
    case 'required':
      return issueAt(file, at, `missing required key '${String(params['missingProperty'])}'`);
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]) ?? [];
      const candidates = allowed.filter((value) => typeof value === 'string');
      const suggestion = typeof error.data === 'string' ? didYouMean(error.data, candidates) : undefined;
      return issueAt(file, at, `${describeValue(error.data)} is not one of ${quoteAll(allowed)}`, suggestion);
    }
    case 'type': {
      const types = String(params['type']).split(',');
      const message = `must be ${types.join(' or ')}, not ${describeValue(error.data)}`;
      return issueAt(file, at, message, typeSuggestion(error.data, types));
    }
    case 'pattern':
      return issueAt(file, at, `${describeValue(error.data)} must match ${String(params['pattern'])}`);
    default:
      return issueAt(file, at, error.message ?? `fails ${error.keyword}`);
  }
}

function issuesFromAjv(
  errors: ErrorObject[] | null | undefined,
  file: string,
  kindNames: readonly string[],
  base = '',
): LayoutIssue[] {
  const seen = new Set<string>();
  const issues: LayoutIssue[] = [];
  for (const error of errors ?? []) {
    const issue = issueFromAjv(error, file, base, kindNames);
    const id = issue === null ? '' : `${issue.pointer}\n${issue.message}`;
    if (issue !== null && !seen.has(id)) {
      seen.add(id);
      issues.push(issue);
    }
  }
  // 'panles' already says "did you mean 'panels'?": the missing 'panels' beside it is the same mistake.
  const misspelt = new Set(
    issues.flatMap((issue) =>
      issue.suggestion === undefined ? [] : [`${issue.pointer.replace(/\/[^/]*$/, '')}\n${issue.suggestion}`],
    ),
  );
  return issues.filter((issue) => {
    const missing = /^missing required key '(.*)'$/.exec(issue.message)?.[1];
    return missing === undefined || !misspelt.has(`${issue.pointer}\ndid you mean '${missing}'?`);
  });
}

function reportIdOfFile(file: string): string {
  return file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
}

function filtersUsedBy(query: LayoutQuery): { pointer: string; filter: ReportFilterName }[] {
  return (['params', 'body'] as const).flatMap((part) =>
    Object.entries(query[part] ?? {}).flatMap(([name, value]) =>
      isFilterRef(value) ? [{ pointer: jsonPointer(part, name), filter: value.filter }] : [],
    ),
  );
}

function checkQueries(layout: ReportLayout, file: string, errors: LayoutIssue[], warnings: LayoutIssue[]): void {
  const usedQueries = new Set(Object.values(layout.panels).map((panel) => panel.query));
  for (const [id, query] of Object.entries(layout.queries)) {
    const at = jsonPointer('queries', id);
    if (query.method === 'GET' && query.body !== undefined) {
      errors.push(issueAt(file, at + '/body', 'a GET query has no body; use params'));
    }
    const used = filtersUsedBy(query);
    for (const { pointer, filter } of used) {
      if (!query.dependsOn.includes(filter)) {
        const why = 'the query would not re-fetch when it changes';
        errors.push(issueAt(file, at + pointer, `uses filter '${filter}', which dependsOn does not list (${why})`));
      }
    }
    query.dependsOn.forEach((filter, index) => {
      if (!used.some((use) => use.filter === filter)) {
        const message = `'${filter}' is not used in params or body, so a change re-fetches the same request`;
        warnings.push(issueAt(file, at + jsonPointer('dependsOn', index), message));
      }
    });
    if (!usedQueries.has(id)) warnings.push(issueAt(file, at, `query '${id}' is not used by any panel`));
  }
}

/** A frame kind's panel names a frame of its type that its query's answer offers; an answer kind's panel names none. */
function checkFrame(
  panel: LayoutPanel,
  query: LayoutQuery,
  rules: PanelKindRules,
  file: string,
  at: string,
): LayoutIssue[] {
  const offered = framesOffered(query.answer);
  const fitting = Object.keys(offered).filter((name) => offered[name] === rules.accepts);
  if (rules.accepts === undefined) {
    return panel.frame === undefined
      ? []
      : [issueAt(file, at + '/frame', `a ${panel.kind} reads its answer whole, not a frame; remove 'frame'`)];
  }
  const shows = `a ${panel.kind} shows ${rules.accepts} frames`;
  const whichFit =
    fitting.length === 0 ? `'${query.answer}' offers none` : `'${query.answer}' offers ${quoteAll(fitting)}`;
  if (panel.frame === undefined) {
    return [issueAt(file, at, `missing required key 'frame' (${shows}; ${whichFit})`)];
  }
  const type = Object.hasOwn(offered, panel.frame) ? offered[panel.frame] : undefined;
  if (type === undefined) {
    const message = `the answer '${query.answer}' of query '${panel.query}' offers no frame '${panel.frame}'`;
    const suggestion = didYouMean(panel.frame, Object.keys(offered));
    return [
      issueAt(
        file,
        at + '/frame',
        suggestion === undefined ? `${message}; ${shows}, and ${whichFit}` : message,
        suggestion,
      ),
    ];
  }
  if (type !== rules.accepts) {
    const message = `frame '${panel.frame}' of '${query.answer}' is a ${type} frame; ${shows}, and ${whichFit}`;
    const suggestion = fitting.length === 1 ? `did you mean '${fitting[0]}'?` : didYouMean(panel.frame, fitting);
    return [issueAt(file, at + '/frame', message, suggestion)];
  }
  return [];
}

/** Every column key the panel's options name is one its table frame declares; else the closest key, or all of them. */
function checkFrameColumns(
  panel: LayoutPanel,
  query: LayoutQuery,
  rules: PanelKindRules,
  file: string,
  at: string,
): LayoutIssue[] {
  const declared = panel.frame === undefined ? undefined : tableColumnKeys(query.answer, panel.frame);
  if (declared === undefined || rules.frameColumnsIn === undefined) return [];
  return rules.frameColumnsIn(panel.options).flatMap(({ pointer, key }) => {
    if (declared.includes(key)) return [];
    const message = `the frame '${panel.frame}' of '${query.answer}' has no column '${key}'`;
    const suggestion = didYouMean(key, declared);
    const listed = suggestion === undefined ? `; its columns are ${quoteAll(declared)}` : '';
    return [issueAt(file, at + '/options' + pointer, message + listed, suggestion)];
  });
}

function checkPanels(
  layout: ReportLayout,
  file: string,
  catalog: LayoutCatalog,
  errors: LayoutIssue[],
  warnings: LayoutIssue[],
): void {
  const queryIds = Object.keys(layout.queries);
  const kindNames = Object.keys(catalog.kinds);
  const placed = new Set(
    LAYOUT_BREAKPOINTS.flatMap((breakpoint) => layout.placement[breakpoint].map((item) => item.panel)),
  );
  for (const [id, panel] of Object.entries(layout.panels)) {
    const at = jsonPointer('panels', id);
    const rules = catalog.kinds[panel.kind];
    if (rules === undefined) {
      errors.push(unknownName(file, at + '/kind', 'panel kind', panel.kind, kindNames));
      continue;
    }
    const validateOptions = validators(catalog).options[panel.kind];
    const optionsValid = validateOptions === undefined || validateOptions(panel.options);
    if (!optionsValid) errors.push(...issuesFromAjv(validateOptions?.errors, file, kindNames, at + '/options'));
    const query = Object.hasOwn(layout.queries, panel.query) ? layout.queries[panel.query] : undefined;
    if (query === undefined) errors.push(unknownName(file, at + '/query', 'query', panel.query, queryIds));
    const accepted = rules.answers;
    if (query !== undefined && accepted !== undefined && !accepted.includes(query.answer)) {
      const message = `query '${panel.query}' answers '${query.answer}', which a ${panel.kind} cannot show; it shows ${quoteAll(accepted)}`;
      errors.push(issueAt(file, at + '/query', message));
    }
    const frameErrors = query === undefined ? [] : checkFrame(panel, query, rules, file, at);
    errors.push(...frameErrors);
    if (query !== undefined && optionsValid && frameErrors.length === 0) {
      errors.push(...checkFrameColumns(panel, query, rules, file, at));
    }
    if (!placed.has(id)) warnings.push(issueAt(file, at, `panel '${id}' is not placed at any breakpoint`));
  }
}

function checkPlacement(layout: ReportLayout, file: string, catalog: LayoutCatalog, errors: LayoutIssue[]): void {
  const panelIds = Object.keys(layout.panels);
  for (const breakpoint of LAYOUT_BREAKPOINTS) {
    const items = layout.placement[breakpoint];
    items.forEach((item, index) => {
      const at = jsonPointer('placement', breakpoint, index);
      const panel = layout.panels[item.panel];
      if (panel === undefined) errors.push(unknownName(file, at + '/panel', 'panel', item.panel, panelIds));
      const earlier = items.findIndex((other) => other.panel === item.panel);
      if (earlier < index) {
        const message = `panel '${item.panel}' is already placed at ${jsonPointer('placement', breakpoint, earlier)}`;
        errors.push(issueAt(file, at + '/panel', message));
      }
      if (item.x + item.w > GRID_COLUMNS) {
        errors.push(issueAt(file, at + '/w', `x + w is ${item.x + item.w}, past the ${GRID_COLUMNS} grid columns`));
      }
      const min = panel === undefined ? undefined : catalog.kinds[panel.kind]?.minSize;
      if (panel !== undefined && min !== undefined) {
        if (item.w < min.w) errors.push(issueAt(file, at + '/w', `a ${panel.kind} needs at least ${min.w} columns`));
        if (item.h < min.h) errors.push(issueAt(file, at + '/h', `a ${panel.kind} needs at least ${min.h} rows`));
      }
      const overlapped = items.findIndex((other, otherIndex) => otherIndex < index && overlaps(other, item));
      if (overlapped >= 0) {
        const message = `overlaps ${jsonPointer('placement', breakpoint, overlapped)} (panel '${items[overlapped]?.panel}')`;
        errors.push(issueAt(file, at, message));
      }
    });
  }
}

/** JSON Schema cannot say "default is one of allowed". */
function checkRules(layout: ReportLayout, file: string, errors: LayoutIssue[]): void {
  for (const [group, timeframes] of Object.entries(layout.rules?.timeframes ?? {})) {
    if (!timeframes.allowed.includes(timeframes.default)) {
      const message = `default timeframe '${timeframes.default}' is not one of allowed (${quoteAll(timeframes.allowed)})`;
      errors.push(issueAt(file, jsonPointer('rules', 'timeframes', group, 'default'), message));
    }
  }
}

/** Every text key the layout names is an entry of en-US's layouts.json; else the closest entry. */
function checkTextKeys(layout: ReportLayout, file: string, catalog: LayoutCatalog, errors: LayoutIssue[]): void {
  for (const { pointer, key } of layoutTextKeysIn(layout)) {
    if (!catalog.textKeys.includes(key)) {
      errors.push(issueAt(file, pointer, `unknown text key '${key}'`, didYouMean(key, catalog.textKeys)));
    }
  }
}

/**
 * Checks a layout file's parsed JSON: first against schemas/report-layout.schema.json, then (when that passes)
 * the rules a JSON Schema cannot say: references between queries, panels and placement, panel options
 * against their kind's schema, the frame a panel names against its query's answer and its kind, the column keys a
 * table's options name against its frame's, grid bounds, the id against the file name, text keys against en-US's layouts.json, default timeframes within
 * allowed ones. Pure (no fs); the server, the build and `npm run layouts:check` call it. Never bundle it into the browser: ajv compiles validators with `new Function`
 * (the portal's CSP forbids it).
 */
export function validateLayout(json: unknown, file: string, catalog: LayoutCatalog): LayoutValidation {
  const { layout: validateShape } = validators(catalog);
  if (!validateShape(json)) {
    return {
      layout: null,
      errors: issuesFromAjv(validateShape.errors, file, Object.keys(catalog.kinds)),
      warnings: [],
    };
  }
  const layout = json as ReportLayout;
  const errors: LayoutIssue[] = [];
  const warnings: LayoutIssue[] = [];
  const expectedId = reportIdOfFile(file);
  if (layout.id !== expectedId) {
    errors.push(issueAt(file, '/id', `id '${layout.id}' must equal the file name '${expectedId}'`));
  }
  checkQueries(layout, file, errors, warnings);
  checkPanels(layout, file, catalog, errors, warnings);
  checkPlacement(layout, file, catalog, errors);
  checkRules(layout, file, errors);
  checkTextKeys(layout, file, catalog, errors);
  return { layout: errors.length === 0 ? layout : null, errors, warnings };
}

/**
 * One line per issue, as compilers print them (editors and terminals jump to `file:line:column`):
 * `layouts/overview.json:21:7: /panels/total/kind: unknown panel kind 'kpi-crad' (did you mean 'kpi-card'?)`.
 * Without a position (the JSON was checked without its text) the line starts `layouts/overview.json: `.
 */
export function formatLayoutIssue(issue: LayoutIssue): string {
  const position = issue.line === undefined ? '' : `:${issue.line}:${issue.column ?? 1}`;
  const where = issue.pointer === '' ? '' : `${issue.pointer}: `;
  const suggestion = issue.suggestion === undefined ? '' : ` (${issue.suggestion})`;
  return `${issue.file}${position}: ${where}${issue.message}${suggestion}`;
}
