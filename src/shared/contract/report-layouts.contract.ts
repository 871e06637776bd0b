import { Type, type Static } from 'typebox';
import type { ReportLayout } from '../layout/layout-types.ts';
import { Closed } from './primitives.ts';

/** Contract of GET /api/report-layouts/{layoutId}: a report page's layout as the portal serves it (layouts/*.json). */

/** Params: the layout's id, its file name without .json (`overview`, `system-page`). */
export const ReportLayoutParamsSchema = Closed({
  layoutId: Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 64 }),
});

/** A part the layout schema describes in full (schemas/report-layout.schema.json); the portal serves it validated. */
const LayoutPart = (description: string) => Type.Object({}, { additionalProperties: true, description });

const GridItemsSchema = Type.Array(
  Closed({
    panel: Type.String(),
    x: Type.Integer(),
    y: Type.Integer(),
    w: Type.Integer(),
    h: Type.Integer(),
    fillHeight: Type.Optional(Type.Boolean()),
    fitContent: Type.Optional(Type.Boolean()),
  }),
);

/**
 * A report layout, valid against schemas/report-layout.schema.json (which describes every part): queries, panels, and
 * their placement per breakpoint.
 */
const ReportLayoutSchema = Type.Unsafe<ReportLayout>(
  Closed({
    $schema: Type.Optional(Type.String()),
    id: Type.String(),
    /** Words, or a text key (`{ key: 'layouts.overview.title' }`) the browser words in the user's language. */
    title: Type.Union([Type.String(), Closed({ key: Type.String() })]),
    queries: Type.Record(Type.String(), LayoutPart('One API call of the report, by query id.')),
    panels: Type.Record(Type.String(), LayoutPart('One panel of the report, by panel id.')),
    placement: Closed({ desktop: GridItemsSchema, compact: GridItemsSchema, mobile: GridItemsSchema }),
    rules: Type.Optional(LayoutPart('Timeframes per group, filter-bar flags and empty states.')),
  }),
);

/** One error of a layout file, as `npm run layouts:check` prints it: file, line and column, JSON pointer, message. */
export const LayoutIssueSchema = Closed({
  /** The file as the portal names it, e.g. 'layouts/overview.json'. */
  file: Type.String(),
  line: Type.Optional(Type.Integer({ minimum: 1 })),
  column: Type.Optional(Type.Integer({ minimum: 1 })),
  /** JSON pointer of the offending value ('' for the whole file). */
  pointer: Type.String(),
  message: Type.String(),
  /** The closest valid key or value, e.g. "did you mean 'kpi-card'?". */
  suggestion: Type.Optional(Type.String()),
});

/** GET /api/report-layouts/{layoutId} */
export const ReportLayoutAnswerSchema = Closed(
  {
    /** The last valid version of the layout file. */
    layout: ReportLayoutSchema,
    /**
     * For admins and super users, while the file on disk is invalid: its errors (the layout above is its last valid
     * version). Absent when the file is valid, and for everyone else.
     */
    problems: Type.Optional(Type.Array(LayoutIssueSchema)),
  },
  { $id: 'ReportLayoutAnswer' },
);
export type ReportLayoutAnswer = Static<typeof ReportLayoutAnswerSchema>;
export type LayoutProblem = Static<typeof LayoutIssueSchema>;

/** The answer to a request whose If-None-Match names the layout's current entity tag: no body. */
export const NotModified = Type.Unsafe<undefined>({
  type: 'null',
  description: 'Not modified: the If-None-Match entity tag is the current one',
});
