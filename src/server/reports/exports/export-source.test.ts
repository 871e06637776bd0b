import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { cursorReader, rowValues } from './export-source.ts';
import type { RowBatch } from './xlsx-stream.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

const numbers = (to: number) =>
  sql`SELECT ${rowValues([sql`n`, sql`'row ' || n`])} FROM generate_series(1, ${to}::int) AS n ORDER BY n DESC`;
const cellsOf = (values: readonly unknown[]) => [Number(values[0]), String(values[1])];
/** A batch's rows, made into cells (as the sheet does while it writes them). */
const rowsOf = async (batch: Promise<RowBatch>) => [...(await batch)];

describe('cursorReader', () => {
  it('reads the statement in order, a batch per call, then empty batches', async () => {
    const batches = await database.db.transaction().execute(async (trx) => {
      const next = cursorReader(trx, numbers(5), cellsOf, 2);
      return [await rowsOf(next()), await rowsOf(next()), await rowsOf(next()), await rowsOf(next())];
    });
    expect(batches).toEqual([
      [
        [5, 'row 5'],
        [4, 'row 4'],
      ],
      [
        [3, 'row 3'],
        [2, 'row 2'],
      ],
      [[1, 'row 1']],
      [],
    ]);
  });

  it('closes its cursor after the last batch, so the same transaction can read another export', async () => {
    const read = await database.db.transaction().execute(async (trx) => {
      const first = cursorReader(trx, numbers(3), cellsOf, 2);
      while ((await first()).length > 0);
      const second = cursorReader(trx, numbers(1), cellsOf, 2);
      return rowsOf(second());
    });
    expect(read).toEqual([[1, 'row 1']]);
  });

  it('reads each row as one value that keeps its texts, numbers and nulls as they are', async () => {
    const odd = 'tab\t, quote " and \\ backslash, 東京, \u0007 bell';
    const rows = await database.db
      .transaction()
      .execute(async (trx) =>
        rowsOf(
          cursorReader(
            trx,
            sql`SELECT ${rowValues([sql`${odd}::text`, sql`NULL::text`, sql`12345678901::bigint`, sql`-0.25::numeric`])}`,
            (values) => values as (string | number | null)[],
            10,
          )(),
        ),
      );
    expect(rows).toEqual([[odd, null, 12_345_678_901, -0.25]]);
  });

  it('leaves nothing behind when the reading stops early: the cursor ends with its transaction', async () => {
    const first = await database.db
      .transaction()
      .execute(async (trx) => rowsOf(cursorReader(trx, numbers(10), cellsOf, 2)()));
    expect(first).toHaveLength(2);
    const again = await database.db
      .transaction()
      .execute(async (trx) => rowsOf(cursorReader(trx, numbers(10), cellsOf, 4)()));
    expect(again.map(([n]) => n)).toEqual([10, 9, 8, 7]);
  });
});
