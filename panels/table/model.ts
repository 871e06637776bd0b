import type { PanelT } from '../../src/runtime/panel-sdk-text.ts';
import type { CellValue, FrameText, TableColumn, TableFrame, TableRow } from '../../src/shared/contract/frames.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import { formatLastUpdate, formatShortInstant } from '../../src/shared/format/last-update.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import type { TableOptions } from './options.ts';

/** A column as the table draws it: the frame's, with the layout's label (words, already in the user's language) and decimals. */
export interface ShownColumn extends Omit<TableColumn, 'label'> {
  label: FrameText | string;
  hideWhenNarrow: boolean;
}

/** A frame's text in the user's language; a layout's label is already words. */
export function frameWords(text: FrameText | string, t: PanelT): string {
  return typeof text === 'string' ? text : t(text.key, text.values ?? {});
}

/** What a table panel draws. */
export interface TableData extends Omit<TableFrame, 'columns'> {
  columns: ShownColumn[];
}

/**
 * The columns the options name, in their order, else every column of the frame. The layout validator rejects a key the
 * frame does not declare; one that still slips through is left out.
 */
function shownColumns(frame: TableFrame, options: TableOptions): ShownColumn[] {
  const narrowHidden = new Set(options.hideWhenNarrow ?? []);
  const chosen: NonNullable<TableOptions['columns']> =
    options.columns ?? frame.columns.map((column) => ({ key: column.key }));
  return chosen.flatMap((choice) => {
    const column = frame.columns.find((candidate) => candidate.key === choice.key);
    if (column === undefined) return [];
    return [
      {
        ...column,
        label: choice.label ?? column.label,
        ...(choice.decimals === undefined ? {} : { decimals: choice.decimals }),
        hideWhenNarrow: narrowHidden.has(column.key),
      },
    ];
  });
}

/** The frame's table as the options choose it; null (the empty state) when it has neither rows nor facts nor summary. */
export function selectTable(frame: TableFrame, options: TableOptions): TableData | null {
  if (frame.rows.length === 0 && frame.facts === undefined && frame.summary === undefined) return null;
  const rows = options.maxRows === undefined ? frame.rows : frame.rows.slice(0, options.maxRows);
  return { ...frame, columns: shownColumns(frame, options), rows };
}

/** A cell's value as the column's format writes it; null '--', text in a number column as it is. */
export function formatCell(
  value: Exclude<CellValue, FrameText>,
  column: Pick<TableColumn, 'format' | 'decimals'>,
): string {
  if (value === null) return '--';
  if (typeof value === 'string') {
    if (column.format === 'shortInstant') return formatShortInstant(value) ?? value;
    if (column.format === 'instant') return formatLastUpdate(value) ?? value;
    return value;
  }
  switch (column.format) {
    case 'number':
      return value.toLocaleString(
        'en-US',
        column.decimals === undefined
          ? { maximumFractionDigits: 3 }
          : { minimumFractionDigits: column.decimals, maximumFractionDigits: column.decimals },
      );
    case 'percent':
      return formatPercent(value);
    case 'duration':
      return formatDuration(value);
    default:
      return String(value);
  }
}

/** A cell as the table shows it: a word of ours in the user's language, any other value as its column writes it. */
export function cellText(value: CellValue, column: Pick<TableColumn, 'format' | 'decimals'>, t: PanelT): string {
  return value !== null && typeof value === 'object' ? frameWords(value, t) : formatCell(value, column);
}

/**
 * The rows whose header cell, as the table shows it (in the user's language), contains the search text, ignoring case
 * and surrounding spaces.
 */
export function searchRows(
  rows: readonly TableRow[],
  columns: readonly Pick<TableColumn, 'key' | 'rowHeader' | 'format' | 'decimals'>[],
  search: string,
  t: PanelT,
): TableRow[] {
  const needle = search.trim().toLocaleLowerCase();
  const header = columns.find((column) => column.rowHeader === true) ?? columns[0];
  if (needle === '' || header === undefined) return [...rows];
  return rows.filter((row) =>
    cellText(row.cells[header.key] ?? null, header, t)
      .toLocaleLowerCase()
      .includes(needle),
  );
}
