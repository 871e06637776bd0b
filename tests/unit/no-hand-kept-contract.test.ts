import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../src/server/ingest/measures.ts';
import { ANSWER_SCHEMAS, ANSWER_SCHEMA_NAMES } from '../../src/shared/contract/answer-schemas.ts';
import { PrinterStatusSchema } from '../../src/shared/contract/reports.contract.ts';

/**
 * Issue #11: each answer's schema is written once (src/shared/contract/, TypeBox) and its TypeScript type derived from it.
 * These checks keep a second, hand-kept copy from coming back: no answer interfaces in api-types.ts, no JSON Schema
 * objects written out in server route or report modules.
 */

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A JSON Schema object literal: `type: 'object'` or `additionalProperties:` written out in TypeScript. */
const HAND_WRITTEN_SCHEMA = /type:\s*'object'|additionalProperties\s*:/;

describe('no hand-kept copy of the API contract', () => {
  it('api-types.ts declares no interface and no object type: it only re-exports and derives', async () => {
    const text = await readFile('src/shared/api-types.ts', 'utf8');
    expect(text).not.toMatch(/\binterface\s+\w+/);
    expect(text).not.toMatch(/export type \w+(<[^>]*>)? = \{/);
  });

  it('no *.schemas.ts module and no JSON Schema literal in server routes and reports', async () => {
    const files = [...(await filesUnder('src/server/routes')), ...(await filesUnder('src/server/reports'))].filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(files.filter((file) => file.endsWith('.schemas.ts'))).toEqual([]);
    const offenders: string[] = [];
    for (const file of files) {
      if (HAND_WRITTEN_SCHEMA.test(await readFile(file, 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('detects a hand-written schema literal (the check above is not vacuous)', () => {
    expect(HAND_WRITTEN_SCHEMA.test(`const s = { type: 'object', properties: {} };`)).toBe(true);
    expect(HAND_WRITTEN_SCHEMA.test(`Closed({ id: Type.String() })`)).toBe(false);
  });

  it('every answer schema is registered under its own $id', () => {
    for (const name of ANSWER_SCHEMA_NAMES) expect((ANSWER_SCHEMAS[name] as { $id?: string }).$id).toBe(name);
  });

  it('the printer status enum is the status names ingest stores', () => {
    expect(PrinterStatusSchema.enum).toEqual(STATUSES.map((status) => status.name));
  });
});
