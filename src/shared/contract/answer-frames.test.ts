import { describe, expect, it } from 'vitest';
import { ANSWER_FRAMES, readFrame, tableColumnKeys } from './answer-frames.ts';
import type { AnswerSchemaName } from './answer-schemas.ts';
import {
  MACHINE_SETTINGS,
  SYSTEM_INK_TABLE,
  SYSTEM_MESSAGES,
  SYSTEM_QUALISET,
  SYSTEM_SOFTWARE_VERSIONS,
} from './system-page.fixture.ts';

/** An answer fixture for every answer that offers a table frame. */
const ANSWER_FIXTURES: Partial<Record<AnswerSchemaName, unknown>> = {
  SystemInkTable: SYSTEM_INK_TABLE,
  SystemMessages: SYSTEM_MESSAGES,
  SystemQualiset: SYSTEM_QUALISET,
  MachineSettings: MACHINE_SETTINGS,
  SoftwareVersions: SYSTEM_SOFTWARE_VERSIONS,
};

/** Every table frame an answer offers, as `[answer, frame]`. */
const TABLE_FRAMES = Object.entries(ANSWER_FRAMES).flatMap(([answer, frames]) =>
  Object.entries(frames)
    .filter(([, adapter]) => adapter.type === 'table')
    .map(([name]) => [answer as AnswerSchemaName, name] as const),
);

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe('table frames: declared columns', () => {
  it("declares each table frame's column keys as docs/layout-authoring.md lists them", () => {
    expect(tableColumnKeys('SystemInkTable', 'inkByColour')).toEqual([
      'colour',
      'consumed',
      'loaded',
      'bottles',
      'perUnit',
    ]);
    expect(tableColumnKeys('SystemMessages', 'errors')).toEqual(['message', 'codes', 'count', 'duration', 'share']);
    expect(tableColumnKeys('SystemMessages', 'maintenance')).toEqual([
      'message',
      'codes',
      'count',
      'duration',
      'share',
    ]);
    expect(tableColumnKeys('SystemQualiset', 'qualisetResults')).toEqual(['measuredAt', 'testName', 'result', 'score']);
    expect(tableColumnKeys('MachineSettings', 'parameters')).toEqual(['name', 'value', 'min', 'max']);
    expect(tableColumnKeys('SoftwareVersions', 'components')).toEqual(['component', 'version', 'reportedAt']);
  });

  it('has no columns for a frame that is not a table or that the answer does not offer', () => {
    expect(tableColumnKeys('OverviewGraphs', 'period')).toBeUndefined();
    expect(tableColumnKeys('SystemInkTable', 'inkByColor')).toBeUndefined();
    expect(tableColumnKeys('Health', 'anything')).toBeUndefined();
  });

  it('has an answer fixture for every answer offering a table frame', () => {
    expect(TABLE_FRAMES.length).toBeGreaterThanOrEqual(6);
    for (const [answer] of TABLE_FRAMES) expect(ANSWER_FIXTURES[answer], answer).toBeDefined();
  });

  it.each(TABLE_FRAMES)("%s's %s, read from its fixture, uses exactly the declared column keys", (answer, name) => {
    const declared = tableColumnKeys(answer, name) ?? [];
    const frame = readFrame(answer, name, ANSWER_FIXTURES[answer]);
    if (frame.type !== 'table') throw new Error(`${answer}'s ${name} is a ${frame.type} frame`);
    expect(frame.columns.map((column) => column.key)).toEqual(declared);
    expect(frame.rows.length).toBeGreaterThan(0);
    for (const row of frame.rows) {
      expect(sorted(Object.keys(row.cells)), row.key).toEqual(sorted(declared));
      for (const key of [...Object.keys(row.tones ?? {}), ...Object.keys(row.notes ?? {})]) {
        expect(declared, `${row.key}: ${key}`).toContain(key);
      }
    }
  });
});
