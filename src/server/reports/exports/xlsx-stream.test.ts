import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { LocalTimeCells } from './local-time-cells.ts';
import { columnName, DATE_TIME_FORMAT, MAX_SHARED_STRINGS, streamWorksheet, type Cell } from './xlsx-stream.ts';

/** A writable that keeps every byte, answering each write at once. */
function collector(): { out: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

/** Batches of the given rows, `size` at a time, then the empty batch that ends the sheet. */
function batchesOf(rows: readonly (readonly Cell[])[], size: number): () => Promise<readonly (readonly Cell[])[]> {
  let next = 0;
  return async () => {
    const batch = rows.slice(next, next + size);
    next += size;
    return batch;
  };
}

async function readBack(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(file).buffer);
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('no worksheet');
  return sheet;
}

describe('columnName', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('streamWorksheet', () => {
  it('writes a workbook that exceljs reads back cell for cell: text, numbers, empty cells, 30 columns', async () => {
    const columns = Array.from({ length: 30 }, (_, index) => ({ header: `Column ${columnName(index)}`, width: 12 }));
    const rows: Cell[][] = [
      ['A & B <tag> "quoted"', 12.5, null, 'Zürich · 東京', -3, ...Array.from({ length: 25 }, (_, i) => i)],
      // Control characters XML cannot hold are dropped; tabs and line breaks stay. A number that is not finite is empty.
      ['bell\u0007 and\ttab\nline', Number.NaN, Number.POSITIVE_INFINITY, '  padded  ', 0, ...Array(25).fill('x')],
    ];
    const { out, bytes } = collector();
    const result = await streamWorksheet(out, 'Ink per job', columns, batchesOf(rows, 1), () => false);
    expect(result).toEqual({ rows: 2, completed: true });
    // The file is complete: the stream is ended (an HTTP response finishes).
    expect(out.writableEnded).toBe(true);

    const sheet = await readBack(bytes());
    expect(sheet.name).toBe('Ink per job');
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((column) => column.header)]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect([1, 2, 3, 4, 5, 30].map((index) => first.getCell(index).value)).toEqual([
      'A & B <tag> "quoted"',
      12.5,
      null,
      'Zürich · 東京',
      -3,
      24,
    ]);
    const second = sheet.getRow(3);
    expect([1, 2, 3, 4, 5, 30].map((index) => second.getCell(index).value)).toEqual([
      'bell and\ttab\nline',
      null,
      null,
      '  padded  ',
      0,
      'x',
    ]);
    expect(sheet.getColumn(1).width).toBe(12);
    expect(sheet.rowCount).toBe(3);
  });

  it("writes a date-time column's numbers as dates Excel formats, sorts and sums: the DST end's 02:30 twice", async () => {
    // Berlin's autumn change: 02:30 at +02:00 (00:30 UTC), then at +01:00 (01:30 UTC); an open end is an empty cell.
    const times = new LocalTimeCells();
    const rows: Cell[][] = [
      [...times.cells(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin'), 1],
      [...times.cells(Date.UTC(2026, 9, 25, 1, 30, 15, 999), 'Europe/Berlin'), null],
    ];
    const { out, bytes } = collector();
    const columns = [
      { header: 'Start time', width: 20, dateTime: true },
      { header: 'Start UTC offset', width: 16, repeated: true },
      { header: 'Count', width: 8 },
    ];
    await streamWorksheet(out, 'Events', columns, batchesOf(rows, 2), () => false);
    const sheet = await readBack(bytes());
    const [first, second] = [sheet.getRow(2), sheet.getRow(3)];
    // exceljs reads a date-formatted number as a Date whose UTC fields are the wall clock.
    expect([first.getCell(1).value, first.getCell(2).value]).toEqual([new Date('2026-10-25T02:30:00Z'), '+02:00']);
    expect([second.getCell(1).value, second.getCell(2).value]).toEqual([new Date('2026-10-25T02:30:15Z'), '+01:00']);
    expect(first.getCell(1).numFmt).toBe(DATE_TIME_FORMAT);
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    // Only the date-time column is formatted so: another number stays a plain number.
    expect(first.getCell(3).value).toBe(1);
    expect(first.getCell(3).numFmt).toBeUndefined();
  });

  it('holds many batches in one valid archive (unzip tests every entry)', async () => {
    const rows = Array.from({ length: 12_345 }, (_, index): Cell[] => [`job-${index}`, index, index / 7]);
    const { out, bytes } = collector();
    const result = await streamWorksheet(
      out,
      'Jobs',
      [
        { header: 'Job', width: 10 },
        { header: 'n', width: 6 },
        { header: 'ml', width: 8 },
      ],
      batchesOf(rows, 1000),
      () => false,
    );
    expect(result).toEqual({ rows: 12_345, completed: true });
    const folder = mkdtempSync(path.join(tmpdir(), 'xlsx-stream-'));
    try {
      const file = path.join(folder, 'jobs.xlsx');
      writeFileSync(file, bytes());
      expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const sheet = await readBack(bytes());
    expect(sheet.rowCount).toBe(12_346);
    expect(sheet.getRow(12_346).values).toEqual([undefined, 'job-12344', 12_344, 12_344 / 7]);
  });

  it('writes a repeated column’s texts once, in the shared strings, and reads back the same cells', async () => {
    const sites = ['Berlin & Co', ' Shanghai ', 'Atlanta <3'];
    const rows = Array.from({ length: 300 }, (_, index): Cell[] => [
      sites[index % 3] ?? null,
      index % 5 === 0 ? null : `image ${index % 7}`,
      index,
    ]);
    const columns = [
      { header: 'Site', width: 12, repeated: true },
      { header: 'Image', width: 12 },
      { header: 'n', width: 6 },
    ];
    const { out, bytes } = collector();
    await streamWorksheet(out, 'Jobs', columns, batchesOf(rows, 64), () => false);

    const folder = mkdtempSync(path.join(tmpdir(), 'xlsx-shared-'));
    try {
      const file = path.join(folder, 'jobs.xlsx');
      writeFileSync(file, bytes());
      const shared = execFileSync('unzip', ['-p', file, 'xl/sharedStrings.xml'], { encoding: 'utf8' });
      expect(shared.match(/<si>/g)).toHaveLength(3);
      expect(shared).toContain('count="300" uniqueCount="3"');
      expect(shared).toContain('<t>Berlin &amp; Co</t>');
      expect(shared).toContain('<t xml:space="preserve"> Shanghai </t>');
      const sheetXml = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], { encoding: 'utf8' });
      expect(sheetXml).not.toContain('Shanghai');
      expect(sheetXml).toContain('<c r="B3" t="inlineStr"><is><t>image 1</t></is></c>');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const sheet = await readBack(bytes());
    expect(sheet.rowCount).toBe(301);
    rows.forEach((cells, index) => {
      expect([1, 2, 3].map((column) => sheet.getRow(index + 2).getCell(column).value)).toEqual(cells);
    });
  });

  it('writes the texts of a repeated column in their cells once the shared strings are full', async () => {
    const rows = Array.from({ length: MAX_SHARED_STRINGS + 50 }, (_, index): Cell[] => [`message ${index}`]);
    const { out, bytes } = collector();
    await streamWorksheet(
      out,
      'Events',
      [{ header: 'Message', width: 20, repeated: true }],
      batchesOf(rows, 4000),
      () => false,
    );
    const folder = mkdtempSync(path.join(tmpdir(), 'xlsx-full-'));
    try {
      const file = path.join(folder, 'events.xlsx');
      writeFileSync(file, bytes());
      const shared = execFileSync('unzip', ['-p', file, 'xl/sharedStrings.xml'], { encoding: 'utf8' });
      expect(shared.match(/<si>/g)).toHaveLength(MAX_SHARED_STRINGS);
      const sheetXml = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(sheetXml.match(/t="inlineStr"/g)).toHaveLength(1 + 50);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const sheet = await readBack(bytes());
    expect(sheet.getRow(2).getCell(1).value).toBe('message 0');
    expect(sheet.getRow(MAX_SHARED_STRINGS + 51).getCell(1).value).toBe(`message ${MAX_SHARED_STRINGS + 49}`);
  });

  it('reads at most two batches ahead of what the reader has taken (a slow reader slows the reading)', async () => {
    const held: (() => void)[] = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk, _encoding, done) {
        held.push(done);
      },
    });
    let batchesRead = 0;
    const rows = Array.from({ length: 2000 }, (_, index): Cell[] => [
      `row ${index} of a batch`,
      index,
      Math.sqrt(index),
    ]);
    const writing = streamWorksheet(
      out,
      'Sheet',
      [{ header: 'n', width: 8 }],
      async () => {
        batchesRead += 1;
        return batchesRead <= 20 ? rows : [];
      },
      () => false,
    );
    // Nothing is taken: the writer stops at the first full buffer (with two batches read ahead) instead of reading on.
    // It reaches the third batch however slow the machine is; given time after that, it reads no fourth.
    await vi.waitFor(() => expect(batchesRead).toBe(3), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batchesRead).toBe(3);
    expect(out.writableLength).toBeLessThan(1024 * 1024);
    // The reader takes everything from now on: the rest follows.
    const release = setInterval(() => held.splice(0).forEach((done) => done()), 1);
    try {
      await expect(writing).resolves.toEqual({ rows: 40_000, completed: true });
    } finally {
      clearInterval(release);
    }
    // Twenty batches and the empty one that ends the sheet; nothing is asked for after it.
    expect(batchesRead).toBe(21);
  });

  it('stops reading batches once the reader has gone away', async () => {
    let received = 0;
    const out = new Writable({
      write(_chunk, _encoding, done) {
        received += 1;
        // The client disconnects after the first chunk of the file.
        this.destroy();
        done();
      },
    });
    let batchesRead = 0;
    const result = await streamWorksheet(
      out,
      'Sheet',
      [{ header: 'n', width: 8 }],
      async () => {
        batchesRead += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return Array.from({ length: 500 }, (_, index) => [batchesRead * 1000 + index]);
      },
      () => out.destroyed,
    );
    expect(received).toBeGreaterThan(0);
    expect(result.completed).toBe(false);
    expect(batchesRead).toBeLessThan(50);
  });
});
