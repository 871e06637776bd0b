/**
 * Issue #29 (session 24): migration 032's index-only scan of a past cut hour's status intervals reads no table page only
 * where the visibility map knows the page all-visible, which a VACUUM sets. Status intervals are only inserted, and
 * autovacuum vacuums an insert-only table after 1,000 + 20 % of its rows were inserted: at 2,000 printers (~52,000
 * intervals a day, 19 million a year) once in about ten weeks, so the last weeks — the ones reports compare with — stayed
 * unmarked and each past cut hour read ~53,000 rows from the table (docs/benchmarks.md, session 22). After every 1,000
 * inserted intervals instead: such a VACUUM visits only the pages not yet all-visible, a few hundred. The PGlite upkeep
 * (pglite-autovacuum.ts) honours the same table options.
 */
export const name = '033-status-interval-insert-vacuum';

export const up = `
ALTER TABLE status_intervals SET (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
`;
