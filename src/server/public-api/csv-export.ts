import type { ExportSource } from '../reports/exports/export-source.ts';
import type { Cell, ExportColumn } from '../reports/exports/xlsx-stream.ts';

/**
 * An export source (the rows the XLSX downloads read, reports/exports/export-source.ts) as CSV (RFC 4180, CRLF lines, a
 * header row): the public data API's jobs file. Date-times, which the sources give as Excel serials on the site's clock,
 * are written as local ISO 8601 times (`2026-10-05T09:30:00`), their UTC offset in the next column as in the workbook.
 */

const EXCEL_DAY_OF_1970 = 25_569;
const DAY_MS = 86_400_000;
/** Rows read from the database per batch. */
const CSV_BATCH_ROWS = 2000;

/** An Excel date-time (days since 1899-12-30, on a local clock) as `yyyy-MM-ddTHH:mm:ss`. */
export function excelSerialToLocalIso(serial: number): string {
  return new Date(Math.round((serial - EXCEL_DAY_OF_1970) * DAY_MS)).toISOString().slice(0, 19);
}

/** A UTC offset cell ('+02:00'): data, though it starts with a sign. */
const UTC_OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text starting like a spreadsheet formula
 * (= + - @, tab, carriage return; a UTC offset excepted) gets a leading apostrophe, so a spreadsheet never runs one.
 */
export function csvField(cell: Cell, column: Pick<ExportColumn, 'dateTime'>): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return column.dateTime === true ? excelSerialToLocalIso(cell) : String(cell);
  const text = /^[=+\-@\t\r]/.test(cell) && !UTC_OFFSET.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The source's rows as CSV text chunks: the header, then one chunk per batch read. */
export async function* csvChunks(source: ExportSource): AsyncGenerator<string> {
  const { columns } = source;
  yield `${columns.map((column) => csvField(column.header, {})).join(',')}\r\n`;
  const next = source.batches(CSV_BATCH_ROWS);
  for (let batch = await next(); batch.length > 0; batch = await next()) {
    let chunk = '';
    for (const row of batch) {
      chunk += `${row.map((cell, index) => csvField(cell, columns[index] ?? {})).join(',')}\r\n`;
    }
    yield chunk;
  }
}
