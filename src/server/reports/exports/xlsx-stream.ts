import type { Writable } from 'node:stream';
import { ZipStream } from './zip-stream.ts';

/** The MIME type of an XLSX file. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an export: its header and width. */
export interface ExportColumn {
  header: string;
  width: number;
  /**
   * Few distinct texts repeated down the column (a system, a site, a model, a size): each is written once, in the
   * workbook's shared strings, and the cells point at it, as Excel itself saves them (a smaller sheet to write and
   * deflate). Other text is written in its cell.
   */
  repeated?: boolean;
  /**
   * The column's numbers are Excel date-times (days since 1899-12-30, `LocalTimeCells`), shown as
   * {@link DATE_TIME_FORMAT}: Excel sorts and sums them as the times they are.
   */
  dateTime?: boolean;
}

/** How a date-time column shows its cells. */
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A cell: text, a number, or empty (null; also a number that is not finite). */
export type Cell = string | number | null;

/**
 * A batch of rows (an empty one ends the sheet). Its rows may be made into cells only as the sheet takes them (an
 * export's reader does so): cells made for a whole batch ahead outlive the young generation while the batch before is
 * written, and every batch's were left for a full garbage collection.
 */
export interface RowBatch extends Iterable<readonly Cell[]> {
  readonly length: number;
}

/** How a streamed export ended: rows written, and whether the workbook was completed (false: the reader went away). */
export interface ExportResult {
  rows: number;
  completed: boolean;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The number format of date-times: the first id of a workbook's own formats (ids below 164 are built in). */
const DATE_TIME_FORMAT_ID = 164;

/** The cell styles of styles.xml's cellXfs: the default, the headers' bold, and date-times. */
const HEADER_STYLE = 1;
const DATE_TIME_STYLE = 2;

/** The parts of a one-sheet workbook around the sheet (ECMA-376 SpreadsheetML, the minimal package Excel opens). */
function packageParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>` +
        `<sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId3" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">` +
        `<numFmts count="1"><numFmt numFmtId="${DATE_TIME_FORMAT_ID}" formatCode="${DATE_TIME_FORMAT}"/></numFmts>` +
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
        '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
        `<xf numFmtId="${DATE_TIME_FORMAT_ID}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
        '</cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
  ];
}

/** Characters XML 1.0 cannot hold (controls other than tab, line feed and carriage return; lone surrogates; U+FFFE/F). */
/* eslint-disable no-control-regex -- matching the control characters XML forbids is the point */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
/* eslint-enable no-control-regex */

/** Whether `text` holds anything escapeXml changes: most cells hold none, and are then written as they are. */
// eslint-disable-next-line no-control-regex -- as NOT_XML
const NEEDS_ESCAPING = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/u;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A text cell's <t>: spaces at either end are kept only when the element says so. */
function textElement(text: string): string {
  const escaped = escapeXml(text);
  const padded = escaped.length > 0 && (escaped.charCodeAt(0) <= 32 || escaped.charCodeAt(escaped.length - 1) <= 32);
  return padded ? `<t xml:space="preserve">${escaped}</t>` : `<t>${escaped}</t>`;
}

/** The column's letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/**
 * Texts the shared strings hold at most: a repeated column of a real fleet has a few hundred (systems, sites, models,
 * event codes and messages); a column whose texts turned out to be all different must not fill memory with them, so
 * once this many are held a new text is written in its cell instead.
 */
export const MAX_SHARED_STRINGS = 10_000;

/** The workbook's shared strings: each text once, numbered as it first comes, up to `MAX_SHARED_STRINGS` texts. */
class SharedStrings {
  private readonly numbers = new Map<string, number>();
  private readonly texts: string[] = [];
  private uses = 0;

  /** The text's number, or undefined when it is new and the table is full (the cell then holds the text). */
  numberOf(text: string): number | undefined {
    let number = this.numbers.get(text);
    if (number === undefined) {
      if (this.texts.length >= MAX_SHARED_STRINGS) return undefined;
      number = this.texts.length;
      this.numbers.set(text, number);
      this.texts.push(text);
    }
    this.uses += 1;
    return number;
  }

  xml(): string {
    const items = this.texts.map((text) => `<si>${textElement(text)}</si>`).join('');
    return `${XML_DECLARATION}<sst xmlns="${MAIN}" count="${this.uses}" uniqueCount="${this.texts.length}">${items}</sst>`;
  }
}

/**
 * Writes the sheet's rows: each column's letters found once, empty cells left out (the cell references keep the
 * columns), a repeated column's texts through the shared strings.
 */
class RowWriter {
  private readonly letters: string[];
  private readonly repeated: boolean[];
  /** Each column's number cells' style attribute: the date-time style, or none. */
  private readonly numberStyles: string[];
  readonly shared = new SharedStrings();

  constructor(columns: readonly ExportColumn[]) {
    this.letters = columns.map((_, index) => columnName(index));
    this.repeated = columns.map((column) => column.repeated === true);
    this.numberStyles = columns.map((column) => (column.dateTime === true ? ` s="${DATE_TIME_STYLE}"` : ''));
  }

  /** Row 1: the headers, in bold. */
  header(headers: readonly string[]): string {
    const cells = headers.map(
      (header, index) =>
        `<c r="${this.letterOf(index)}1" s="${HEADER_STYLE}" t="inlineStr"><is>${textElement(header)}</is></c>`,
    );
    return `<row r="1">${cells.join('')}</row>`;
  }

  /** Data row `rowNumber` (2 onwards). */
  row(rowNumber: number, cells: readonly Cell[]): string {
    let xml = `<row r="${rowNumber}">`;
    for (let index = 0; index < cells.length; index += 1) {
      const cell = cells[index];
      if (cell === null || cell === undefined) continue;
      const ref = `<c r="${this.letterOf(index)}${rowNumber}"`;
      if (typeof cell === 'number') {
        if (Number.isFinite(cell)) xml += `${ref}${this.numberStyles[index] ?? ''}><v>${cell}</v></c>`;
      } else {
        const shared = this.repeated[index] === true ? this.shared.numberOf(cell) : undefined;
        xml +=
          shared === undefined
            ? `${ref} t="inlineStr"><is>${textElement(cell)}</is></c>`
            : `${ref} t="s"><v>${shared}</v></c>`;
      }
    }
    return `${xml}</row>`;
  }

  private letterOf(index: number): string {
    return this.letters[index] ?? columnName(index);
  }
}

/**
 * Batches asked for ahead of the one being written: the database thread (PGlite's worker, or PostgreSQL) reads while
 * this one writes. With one, both waited for each other about a third of the 200,000-job download (each batch's
 * reading and writing take about as long, and vary).
 */
const READ_AHEAD_BATCHES = 2;

/**
 * Takes `nextBatch`'s batches in order, keeping `depth` asked for ahead of the one taken; each is asked for only once
 * the one before has come, and none after an empty one (the end).
 */
function readAhead(nextBatch: () => Promise<RowBatch>, depth: number): { take(): Promise<RowBatch>; abandon(): void } {
  const asked: Promise<RowBatch>[] = [];
  let last: Promise<RowBatch | null> = Promise.resolve(null);
  return {
    take() {
      while (asked.length <= depth) {
        const next = last.then((previous) => (previous?.length === 0 ? previous : nextBatch()));
        asked.push(next);
        last = next;
      }
      return asked.shift() as Promise<RowBatch>;
    },
    abandon() {
      for (const batch of asked.splice(0)) batch.catch(() => undefined);
    },
  };
}

/** Characters of rows appended to the sheet at a time: below V8's large-object size, so the strings are short-lived. */
const APPEND_CHARS = 32 * 1024;

/**
 * Writes a one-sheet XLSX workbook to `out` as it reads the rows: the header row, then each batch `nextBatch` returns,
 * deflated into the file while the next ones are read (an empty batch ends the sheet; `nextBatch` is never called
 * again before its last answer, nor after an empty batch). Memory holds the batch being written and two read ahead,
 * however many rows the file has; a slow reader slows the reading. Stops reading, and leaves the file unfinished, as
 * soon as `isClosed()` says the reader went away.
 *
 * Our own writer rather than exceljs' streaming one (issue #12, measured): for 200,000 rows of the ink export exceljs'
 * writing alone took 2.75–3.54 s and its memory grew with the file (+372 MB at the peak on PostgreSQL, its worksheet
 * buffer fills faster than its zip drains it); this writer takes about a third of that and holds three batches.
 */
export async function streamWorksheet(
  out: Writable,
  sheetName: string,
  columns: readonly ExportColumn[],
  nextBatch: () => Promise<RowBatch>,
  isClosed: () => boolean,
): Promise<ExportResult> {
  const zip = new ZipStream(out);
  const writer = new RowWriter(columns);
  const gone = () => isClosed() || zip.closed;
  for (const [name, text] of packageParts(sheetName)) await zip.addFile(name, text);
  const sheet = await zip.openEntry('xl/worksheets/sheet1.xml');
  const widths = columns
    .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
    .join('');
  sheet.append(
    `${XML_DECLARATION}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0">` +
      '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${widths}</cols><sheetData>` +
      writer.header(columns.map((column) => column.header)),
  );
  let rows = 0;
  const batches = readAhead(nextBatch, READ_AHEAD_BATCHES);
  for (;;) {
    if (gone()) {
      batches.abandon();
      sheet.abort();
      return { rows, completed: false };
    }
    const batch = await batches.take();
    if (batch.length === 0) break;
    // Rows go to the entry's buffer a few dozen at a time: short strings die young, a batch-long one would not.
    let xml = '';
    for (const cells of batch) {
      rows += 1;
      xml += writer.row(rows + 1, cells);
      if (xml.length >= APPEND_CHARS) {
        sheet.append(xml);
        xml = '';
      }
    }
    sheet.append(xml);
    await sheet.flush();
  }
  if (gone()) {
    sheet.abort();
    return { rows, completed: false };
  }
  sheet.append('</sheetData></worksheet>');
  await sheet.close();
  await zip.addFile('xl/sharedStrings.xml', writer.shared.xml());
  await zip.finish();
  return { rows, completed: true };
}
