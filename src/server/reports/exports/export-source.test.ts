import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/test-database.ts';
import { cursorReader } from './export-source.ts';

let database: PortalDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);

afterAll(async () => {
  await database.close();
});

const numbers = (to: number) =>
  sql`SELECT n, 'row ' || n AS label FROM generate_series(1, ${to}::int) AS n ORDER BY n DESC`;
const cellsOf = (row: Record<string, unknown>) => [Number(row['n']), String(row['label'])];

describe('cursorReader', () => {
  it('reads the statement in order, a batch per call, then empty batches', async () => {
    const batches = await database.db.transaction().execute(async (trx) => {
      const next = cursorReader(trx, numbers(5), cellsOf, 2);
      return [await next(), await next(), await next(), await next()];
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
      return second();
    });
    expect(read).toEqual([[1, 'row 1']]);
  });

  it('leaves nothing behind when the reading stops early: the cursor ends with its transaction', async () => {
    const first = await database.db.transaction().execute(async (trx) => cursorReader(trx, numbers(10), cellsOf, 2)());
    expect(first).toHaveLength(2);
    const again = await database.db.transaction().execute(async (trx) => cursorReader(trx, numbers(10), cellsOf, 4)());
    expect(again.map(([n]) => n)).toEqual([10, 9, 8, 7]);
  });
});
