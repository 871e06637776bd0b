import { describe, expect, it } from 'vitest';
import { csvField, excelSerialToLocalIso } from './csv-export.ts';

describe('CSV fields of the public jobs file', () => {
  it('writes an Excel date-time on the site clock as local ISO time', () => {
    // Excel's day 45,292 is 2024-01-01; a quarter day later is 06:00.
    expect(excelSerialToLocalIso(45_292.25)).toBe('2024-01-01T06:00:00');
    expect(csvField(45_292.5, { dateTime: true })).toBe('2024-01-01T12:00:00');
    expect(csvField(45_292.5, {})).toBe('45292.5');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and leaves other text as it is', () => {
    expect(csvField('plain.png', {})).toBe('plain.png');
    expect(csvField('a,b', {})).toBe('"a,b"');
    expect(csvField('say "hi"', {})).toBe('"say ""hi"""');
    expect(csvField('two\nlines', {})).toBe('"two\nlines"');
    expect(csvField(null, {})).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula, but not a UTC offset', () => {
    expect(csvField('=HYPERLINK("x")', {})).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)', {})).toBe("'@SUM(A1)");
    expect(csvField('-2+3+cmd', {})).toBe("'-2+3+cmd");
    expect(csvField('+02:00', {})).toBe('+02:00');
    expect(csvField('-05:00', {})).toBe('-05:00');
  });
});
