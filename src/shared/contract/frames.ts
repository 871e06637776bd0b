import type { ParseKeys } from 'i18next';
import type { ComparedUntil, ReportPeriod } from '../api-types.ts';

/**
 * Data frames: the few shapes panels draw, shared by every answer that can fill them (Perses' `TimeSeriesData`, Grafana's
 * `PanelData`). An answer keeps the wire format the spec dictates; its adapter (`<contract>.frames.ts` beside its
 * contract, listed in answer-frames.ts) turns it into the named frames it offers, e.g. SystemInkTable's `inkByColour`.
 * A panel kind draws one frame type (`accepts` in its definition) and a layout panel names the frame it shows, so a new
 * kind works for every answer offering its frame type, and a new panel over an existing answer is a layout edit.
 * Types only, no TypeBox: the browser builds frames from answers it has already checked.
 */

/**
 * A frame's words, never English in code: a key of the `frames` texts (src/i18n/locales/<language>/frames.json) and
 * the values it names (`{ key: 'frames.inkByColour.perUnit', values: { unit: 'ml/imp' } }`); the table panel shows it
 * in the user's language.
 */
export interface FrameText {
  key: Extract<ParseKeys, `frames.${string}`>;
  values?: Record<string, string | number>;
}

/** How a table cell's value is written (src/shared/format); a layout column may change the decimals. */
export type CellFormat =
  /** As is (a number without thousands separators). */
  | 'text'
  /** Thousands separated; `decimals` fixed, else up to 3. */
  | 'number'
  /** A fraction as a percentage with 2 decimals (0.25 → '25.00%'). */
  | 'percent'
  /** Seconds as hours and minutes ('1h 05m'). */
  | 'duration'
  /** An instant of the report's period in the viewer's time zone, without the year ('Mar 5, 09:30 am'). */
  | 'shortInstant'
  /** An instant with its date ('March 05, 2024, 09:30 am'). */
  | 'instant';

/** One column a table frame offers. */
export interface TableColumn {
  /** Key of the column's value in each row, and the column's name in a layout's `columns` option. */
  key: string;
  /** Header as the spec names it. */
  label: FrameText;
  format: CellFormat;
  /** Decimals of a 'number' column, unless the layout sets them. */
  decimals?: number;
  /** Numbers line up on the right (and do not wrap). */
  align?: 'start' | 'end';
  /** The row's header cell (`<th scope="row">`): what the row is about, e.g. the colour or the message. */
  rowHeader?: boolean;
}

/**
 * A cell's value; null is written '--'. A word of ours (a result, the catch-all message) is a `FrameText`, never
 * English: the table writes it in the user's language, and its search matches those words.
 */
export type CellValue = string | number | null | FrameText;

/** A cell's colour: good (passed) or bad (failed, out of range). */
export type CellTone = 'good' | 'bad';

export interface TableRow {
  /** Stable and unique within the frame (React key). */
  key: string;
  cells: Record<string, CellValue>;
  /** Colours of some cells' values, by column key. */
  tones?: Record<string, CellTone>;
  /** A note in the bad colour after some cells' values, by column key, e.g. 'out of range'. */
  notes?: Record<string, FrameText>;
}

/** A label and its value shown above a table, e.g. 'App' and its name. */
export interface TableFact {
  label: FrameText;
  value: string;
}

/** Rows of named columns, with what the answer says about them as a whole. */
export interface TableFrame {
  type: 'table';
  columns: TableColumn[];
  rows: TableRow[];
  /** One line above the table, e.g. 'Passed 2 of 3 (66.67%)'. */
  summary?: FrameText;
  /** Facts above the table (a device's name and model, an app's version). */
  facts?: TableFact[];
  /** A picture beside the facts (the device). */
  image?: { src: string; alt: FrameText };
  /** Shown instead of the table when there are no rows but facts are (e.g. 'No parameters recorded'); absent: nothing. */
  noRowsText?: FrameText;
}

/** The period an answer describes and how far it is compared with the previous one while in progress. */
export interface PeriodFrame {
  type: 'period';
  period: ReportPeriod;
  comparedUntil: ComparedUntil;
}

/** An upper or lower value beside a KPI (spec reports §3 Card data), e.g. 'Avg. Utilization', 'Error Dur.'. */
export interface KpiLine {
  description: string;
  /** null: not known for the period (shown '--'). */
  value: number | null;
  units: string;
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: number | null;
}

/**
 * One KPI of the period (spec reports §3 Card data): its value and units, the previous period's value and the change
 * between them with the change's description, and the upper and lower values the answer gives beside it.
 */
export interface KpiFrame {
  type: 'kpi';
  /** null: the answer has no value for the period (OEE without planned time, a card the group does not have). */
  value: number | null;
  /** 'imp', 'm', 's', '%', 'bottles', 'ml/imp', … (lengths in metres; the panel shows the user's unit). */
  units: string;
  /** The previous period's value; null when unknown. */
  previous: number | null;
  /** Fractional change against the previous period; null when there is nothing to compare. */
  stats: number | null;
  /** What the previous period is: 'From previous same day, both to 11:29', 'From last week'. */
  statsDescription: string;
  upper?: KpiLine;
  lower?: KpiLine;
  /** The period holds the last update (it is still running): 'Average …' labels read 'Current …'. */
  live?: boolean;
}

/** A bucket of a series frame: an hour, day, week or month of the period (the chart's category axis). */
export interface SeriesBucket {
  /** Bucket start: yyyy-MM-ddTHH:00 for hours, yyyy-MM-dd otherwise (a week's Monday, a month's 1st). */
  date: string;
  granularity: 'hour' | 'day' | 'week' | 'month';
  /** Days of the bucket inside the period when the period cuts it (a partial period, marked on the axis); else null. */
  partialDays: number | null;
}

/** One quantity over the frame's buckets. */
export interface Series {
  /** What the series is, unique in its frame; a panel's options name series by it (an ink colour: 'Total', 'black'). */
  name: string;
  /** What the series is called on screen (the picker, the tooltip), when it is a word of ours ('Black'); absent: its `name`. */
  label?: FrameText;
  /** The series' value in each bucket, in the buckets' order; null: nothing to draw (a bucket not started or not reported). */
  values: (number | null)[];
  /** The same buckets of the previous period (the comparison line), null where there is nothing to compare; absent: none. */
  previous?: (number | null)[];
  /** Units of this series when they differ from the frame's (speed 'imp/h' beside utilization '%'). */
  units?: string;
}

/** What a figure beside a series is: the value per unit of production, or the average process time of a job. */
export type SeriesFigureKind = 'perUnit' | 'averageProcessTime';

/**
 * One or more quantities per bucket of the period, in the frame's units unless a series names its own, with (where the
 * answer gives them) the previous period's values, the period's total as a KPI and a second figure beside it (per
 * impression or metre, per job).
 */
export interface SeriesFrame {
  type: 'series';
  /** Units of every series' values (lengths in metres). */
  units: string;
  buckets: SeriesBucket[];
  /** At least one; several share the buckets (ink per colour), in the order they are offered and drawn. */
  series: Series[];
  /** The period's value with its change; absent when the answer gives none. */
  total?: KpiFrame;
  /** The figure the answer gives beside the series; absent when none. */
  figure?: KpiFrame & { kind: SeriesFigureKind };
  /** The period the buckets cover and how far it is compared with the previous one (the legend's words); absent when none. */
  period?: Omit<PeriodFrame, 'type'>;
}

/** Every frame a panel can draw. */
export type Frame = TableFrame | PeriodFrame | KpiFrame | SeriesFrame;

/** A frame type's name: what a kind `accepts` and an answer's adapter offers. */
export type FrameType = Frame['type'];

/** The frame of type `Type`. */
export type FrameOfType<Type extends FrameType> = Extract<Frame, { type: Type }>;

/** What the frame holds is said in a comment above each adapter, not at run time: nothing reads it, and it cost the browser bytes. */
interface FrameAdapterBase<Answer, Type extends FrameType> {
  type: Type;
  read(answer: Answer): FrameOfType<Type>;
}

/**
 * How one answer offers one table frame: its columns declared once, statically (the layout validator checks a table
 * panel's `columns` and `hideWhenNarrow` against their keys), and `read` filling their cells from an answer.
 */
export interface TableFrameAdapter<Answer> extends FrameAdapterBase<Answer, 'table'> {
  columns: readonly TableColumn[];
}

/** How one answer offers one named frame. */
export type FrameAdapter<Answer, Type extends FrameType = FrameType> = Type extends 'table'
  ? TableFrameAdapter<Answer>
  : FrameAdapterBase<Answer, Type>;

/** The frames one answer offers, by the name a layout panel gives in `frame`. */
export type AnswerFrames<Answer> = Record<string, { [Type in FrameType]: FrameAdapter<Answer, Type> }[FrameType]>;

/** Declares a frame other than a table that an answer offers, typing `read` by the frame type. */
export function frame<Answer, Type extends Exclude<FrameType, 'table'>>(
  type: Type,
  read: (answer: Answer) => FrameOfType<Type>,
): FrameAdapterBase<Answer, Type> {
  return { type, read };
}

/** What a table adapter reads from an answer: the frame without its columns, each row's cells by the declared keys. */
export interface TableContent<Key extends string> extends Omit<TableFrame, 'type' | 'columns' | 'rows'> {
  rows: (TableRow & { cells: Record<Key, CellValue> })[];
  /** Headers that come from the answer (the ink table's unit), by column key; the others are the declared ones. */
  labels?: Partial<Record<Key, FrameText>>;
}

/**
 * Declares a table frame an answer offers: its columns, in their order (the one place their keys are written), and
 * `read`, which fills each row's cells by those keys.
 */
export function tableFrame<Answer, const Key extends string>(
  columns: readonly (TableColumn & { key: Key })[],
  read: (answer: Answer) => TableContent<NoInfer<Key>>,
): TableFrameAdapter<Answer> {
  return {
    type: 'table',
    columns,
    read(answer) {
      const { labels, ...content } = read(answer);
      return {
        type: 'table',
        columns: columns.map((column) => {
          const label = labels?.[column.key];
          return label === undefined ? column : { ...column, label };
        }),
        ...content,
      };
    },
  };
}
