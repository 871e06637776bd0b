import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

const deflatePart = promisify(deflateRaw);

/** A final deflate block with nothing in it (fixed Huffman codes: BFINAL 1, BTYPE 01, end-of-block), ending the entry. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** An entry's input buffer to start with; it grows to the largest part flushed (a batch of rows: about 2 MB). */
const INITIAL_INPUT_BYTES = 64 * 1024;

/**
 * A ZIP archive written front to back onto a stream (APPNOTE 6.3: deflated entries, each followed by a data
 * descriptor, so no size is needed before its data; UTF-8 names; no ZIP64, so an entry and the archive stay below
 * 4 GiB). Every write waits for `out` to take it, so memory holds one chunk at a time, whatever the size of the file.
 */
export class ZipStream {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];
  private readonly out: Writable;
  /** zlib's deflate level: 1 by default, the fastest, for a file about a quarter larger than at zlib's default 6. */
  private readonly level: number;

  constructor(out: Writable, level = 1) {
    this.out = out;
    this.level = level;
  }

  /** Whether the reader went away (the stream was destroyed or closed). */
  get closed(): boolean {
    return this.out.destroyed || this.out.closed;
  }

  /** Adds an entry whose whole content is `text`. */
  async addFile(name: string, text: string): Promise<void> {
    const entry = await this.openEntry(name);
    entry.append(text);
    await entry.close();
  }

  /**
   * Starts an entry written in parts: `append` text, `flush` to deflate what was appended into the archive, then
   * `close` it before the next entry.
   *
   * The appended text is encoded into one buffer kept for the entry's life (reused after each flush), so a batch's
   * text neither stays as one long string nor as a buffer of its own until the next full garbage collection: with a
   * new buffer per batch the 200,000-job download held 72 MB of spent buffers at its peak.
   *
   * Each flush deflates on its own, in one call on libuv's thread pool, and ends at a byte boundary without closing the
   * stream (Z_SYNC_FLUSH); `close` adds the final empty block. The parts together are one valid deflate stream (what
   * pigz does to compress in parallel), each part simply not referring back into the one before. A zlib stream instead
   * took the text 16 KB at a time, each step waiting for this thread's event loop, so nothing was deflated while the
   * next batch's rows were being written.
   */
  async openEntry(name: string): Promise<ZipEntryWriter> {
    const nameBytes = Buffer.from(name, 'utf8');
    const headerOffset = this.offset;
    await this.write(localHeader(nameBytes));
    let input = Buffer.allocUnsafe(INITIAL_INPUT_BYTES);
    let filled = 0;
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    let aborted = false;
    const append = (text: string): void => {
      // UTF-8 takes at most three bytes per UTF-16 unit.
      if (filled + text.length * 3 > input.length) {
        const larger = Buffer.allocUnsafe(Math.max(input.length * 2, filled + text.length * 3));
        input.copy(larger, 0, 0, filled);
        input = larger;
      }
      filled += input.write(text, filled, 'utf8');
    };
    const flush = async (): Promise<void> => {
      if (filled === 0 || aborted) return;
      const bytes = input.subarray(0, filled);
      crc = crc32(bytes, crc);
      size += filled;
      const deflated = await deflatePart(bytes, { level: this.level, finishFlush: constants.Z_SYNC_FLUSH });
      filled = 0;
      compressedSize += deflated.length;
      await this.write(deflated);
    };
    const close = async (): Promise<void> => {
      await flush();
      compressedSize += FINAL_EMPTY_BLOCK.length;
      await this.write(FINAL_EMPTY_BLOCK);
      checkZip32(size, `entry ${name}`);
      await this.write(dataDescriptor(crc, compressedSize, size));
      this.entries.push({ nameBytes, crc, compressedSize, size, headerOffset });
    };
    const abort = (): void => {
      aborted = true;
    };
    return { append, flush, close, abort };
  }

  /** Writes the central directory and ends `out`: the archive is complete. */
  async finish(): Promise<void> {
    const directoryOffset = this.offset;
    for (const entry of this.entries) await this.write(centralHeader(entry));
    const directorySize = this.offset - directoryOffset;
    checkZip32(this.offset, 'the archive');
    await this.write(endOfCentralDirectory(this.entries.length, directorySize, directoryOffset));
    this.out.end();
  }

  private async write(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await waitForDrain(this.out);
  }
}

/** What `openEntry` hands back: the parts of one entry, written in order. */
export interface ZipEntryWriter {
  /** Adds text to the entry (held until the next flush). */
  append(text: string): void;
  /** Deflates what was appended into the archive, waiting for the stream to take it. */
  flush(): Promise<void>;
  /** Flushes and ends the entry. */
  close(): Promise<void>;
  /** Drops the entry unfinished (the reader went away): the archive stays incomplete. */
  abort(): void;
}

interface CentralEntry {
  nameBytes: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  headerOffset: number;
}

/** Resolves when `out` wants more, or has gone away (a reader that left must not hold the writer forever). */
async function waitForDrain(out: Writable): Promise<void> {
  if (out.destroyed || out.closed) return;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

const ZIP32_LIMIT = 0xffffffff;

function checkZip32(bytes: number, what: string): void {
  if (bytes > ZIP32_LIMIT) throw new Error(`${what} is over 4 GiB, which needs ZIP64`);
}

/** Bit 3: sizes and CRC follow the data (data descriptor); bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
/** 1980-01-01 00:00 in MS-DOS date and time: the entries carry no meaningful time, and the files are then the same bytes. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * The fields the local header and the central directory header share, from "version needed" on: version, flags,
 * method, time, date, then CRC and sizes (left zero in the local header: they follow the data) and the name's length.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  nameBytes: Buffer,
  sizes?: { crc: number; compressedSize: number; size: number },
): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(FLAGS, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  if (sizes !== undefined) {
    header.writeUInt32LE(sizes.crc >>> 0, at + 10);
    header.writeUInt32LE(sizes.compressedSize, at + 14);
    header.writeUInt32LE(sizes.size, at + 18);
  }
  header.writeUInt16LE(nameBytes.length, at + 22);
}

function localHeader(nameBytes: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  writeEntryFields(header, 4, nameBytes);
  // Extra field length (28): zero.
  return Buffer.concat([header, nameBytes]);
}

function dataDescriptor(crc: number, compressedSize: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressedSize, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(entry: CentralEntry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION, 4); // version made by
  writeEntryFields(header, 6, entry.nameBytes, entry);
  // Extra field, comment, disk number, attributes (30–41): zero.
  header.writeUInt32LE(entry.headerOffset, 42);
  return Buffer.concat([header, entry.nameBytes]);
}

function endOfCentralDirectory(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(entries, 8);
  record.writeUInt16LE(entries, 10);
  record.writeUInt32LE(directorySize, 12);
  record.writeUInt32LE(directoryOffset, 16);
  return record;
}
