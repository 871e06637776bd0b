import { describe, expect, it } from 'vitest';
import { words } from '../../i18n/frame-words.fixtures.ts';
import type { FrameText } from './frames.ts';
import { MACHINE_SETTINGS, SYSTEM_INK_TABLE, SYSTEM_MESSAGES, SYSTEM_QUALISET } from './system-page.fixture.ts';
import {
  MACHINE_SETTINGS_FRAMES,
  SYSTEM_INK_TABLE_FRAMES,
  SYSTEM_MESSAGES_FRAMES,
  SYSTEM_QUALISET_FRAMES,
  inkColourName,
  inkValue,
  isOutOfRange,
} from './system-page.frames.ts';

const cellsOf = (rows: { cells: Record<string, unknown> }[]) => rows.map((row) => row.cells);

describe('SystemInkTable frames', () => {
  it('inkByColour: a row per colour in ml, negative and infinite figures 0 (spec reports §5), the unit as header', () => {
    expect([-4, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 2.5].map(inkValue)).toEqual([
      0, 0, 0, 0, 2.5,
    ]);
    const frame = SYSTEM_INK_TABLE_FRAMES.inkByColour.read(SYSTEM_INK_TABLE);
    expect(frame.columns.map((column) => words(column.label))).toEqual([
      'Colour',
      'Consumed (ml)',
      'Loaded (ml)',
      'Bottles',
      'ml/imp',
    ]);
    expect(cellsOf(frame.rows).map((cells) => ({ ...cells, colour: words(cells['colour'] as FrameText) }))).toEqual([
      { colour: 'Black', consumed: 512.25, loaded: 1_000, bottles: 1, perUnit: 0.41 },
      { colour: 'Color', consumed: 230.5, loaded: 0, bottles: 0, perUnit: 0.19 },
      { colour: 'White', consumed: 0, loaded: 2_000, bottles: 2, perUnit: 0 },
    ]);
  });

  it("names the inks alike, each capitalised as the spec's Total, Color, FOF and Softener (black and white too)", () => {
    const names = ['Total', 'Color', 'black', 'white', 'FOF', 'Softener'].map((name) =>
      words(inkColourName(name) as FrameText),
    );
    expect(names).toEqual(['Total', 'Color', 'Black', 'White', 'FOF', 'Softener']);
    expect(inkColourName('Light cyan'), 'a name the spec does not list shows as the answer has it').toBe('Light cyan');
  });
});

describe('SystemMessages frames', () => {
  it("errors: 'Other' last, the others in the answer's order (spec reports §5), codes joined", () => {
    const frame = SYSTEM_MESSAGES_FRAMES.errors.read(SYSTEM_MESSAGES);
    // The answers' catch-all 'Other' is a word of ours: a key, in the user's language.
    expect(frame.rows.map((row) => row.cells['message'])).toEqual([
      'Head temperature high',
      'Ink pressure low',
      { key: 'frames.messages.other' },
    ]);
    expect(words(frame.rows[2]?.cells['message'] as FrameText)).toBe('Other');
    expect(frame.rows[1]?.cells).toEqual({
      message: 'Ink pressure low',
      codes: 'E-201, E-202',
      count: 1,
      duration: 500,
      share: 0.25,
    });
    expect(frame.columns.map((column) => `${column.key}:${column.format}`)).toEqual([
      'message:text',
      'codes:text',
      'count:text',
      'duration:duration',
      'share:percent',
    ]);
  });

  it('maintenance: the maintenance events; none without rows', () => {
    expect(SYSTEM_MESSAGES_FRAMES.maintenance.read(SYSTEM_MESSAGES).rows.map((row) => row.key)).toEqual([
      'Daily cleaning',
      'Wiper change',
    ]);
    const none = { ...SYSTEM_MESSAGES, maintenanceTableData: { messageTableData: [] } };
    expect(SYSTEM_MESSAGES_FRAMES.maintenance.read(none).rows).toEqual([]);
  });
});

describe('SystemQualiset frames', () => {
  it('qualisetResults: the pass rate as summary, each result latest first, passed good and failed bad', () => {
    const frame = SYSTEM_QUALISET_FRAMES.qualisetResults.read(SYSTEM_QUALISET);
    expect(words(frame.summary)).toBe('Passed 2 of 3 (66.67%)');
    const passed = { key: 'frames.qualisetResults.passed' };
    const failed = { key: 'frames.qualisetResults.failed' };
    expect(cellsOf(frame.rows)).toEqual([
      { measuredAt: '2026-11-18T14:00:00Z', testName: 'Colour density', result: passed, score: 97.5 },
      { measuredAt: '2026-11-18T10:00:00Z', testName: 'Nozzle check', result: failed, score: 61 },
      { measuredAt: '2026-11-18T07:00:00Z', testName: 'Registration', result: passed, score: null },
    ]);
    expect([passed, failed].map((text) => words(text as FrameText))).toEqual(['Passed', 'Failed']);
    expect(frame.rows.map((row) => row.tones?.['result'])).toEqual(['good', 'bad', 'good']);
  });

  it('has neither rows nor summary without tests', () => {
    const none = { ...SYSTEM_QUALISET, tests: 0, passed: 0, passRate: null, results: [] };
    const frame = SYSTEM_QUALISET_FRAMES.qualisetResults.read(none);
    expect(frame.rows).toEqual([]);
    expect(frame.summary).toBeUndefined();
  });
});

describe('MachineSettings frames', () => {
  it('parameters: the device as facts and picture, parameters by name, a number outside its range noted', () => {
    const frame = MACHINE_SETTINGS_FRAMES.parameters.read(MACHINE_SETTINGS);
    expect(frame.facts?.map((fact) => ({ ...fact, label: words(fact.label) }))).toEqual([
      { label: 'Device', value: 'Line 3 (SN 4711)' },
      { label: 'Id', value: '42' },
      { label: 'Model', value: 'Storm Hybrid · DTG' },
    ]);
    expect({ ...frame.image, alt: words(frame.image?.alt) }).toEqual({
      src: '/images/printers/dtg.svg',
      alt: 'Storm Hybrid printer',
    });
    // spec reports §5: min and max numbers or absent ('--'), a value a number or text.
    expect(cellsOf(frame.rows)).toEqual([
      { name: 'Firmware channel', value: 'stable', min: null, max: null },
      { name: 'Head temperature', value: 41.5, min: 30, max: 45 },
      { name: 'Ink pressure', value: 2.9, min: 3, max: 5 },
      { name: 'Platen height', value: 12, min: 0, max: null },
    ]);
    expect(frame.rows.map((row) => words(row.notes?.['value']) ?? '')).toEqual(['', '', 'out of range', '']);
  });

  it('marks only numbers outside a limit that exists; a device without parameters says so', () => {
    expect(isOutOfRange(6, 3, 5)).toBe(true);
    expect(isOutOfRange(6, 3)).toBe(false);
    expect(isOutOfRange('high', 3, 5)).toBe(false);
    const frame = MACHINE_SETTINGS_FRAMES.parameters.read({ ...MACHINE_SETTINGS, params: [] });
    expect(frame.rows).toEqual([]);
    expect(words(frame.noRowsText)).toBe('No parameters recorded');
  });
});
