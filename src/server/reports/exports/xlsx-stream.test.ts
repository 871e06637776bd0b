import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamWorksheet } from './xlsx-stream.ts';

/** A download whose reader goes away after the first bytes: the export stops reading rows (issue 12). */
describe('streamWorksheet', () => {
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
