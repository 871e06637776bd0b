import { describe, expect, it } from 'vitest';
import { createProgressBar, progressLine } from './progress-bar.ts';

function recorder() {
  const chunks: string[] = [];
  return { chunks, output: { write: (chunk: string) => chunks.push(chunk) } };
}

const step = (daysDone: number) => ({ daysDone, daysTotal: 40, records: daysDone * 2000, elapsedMs: daysDone * 500 });

describe('progress bar', () => {
  it('draws the bar, the days, the records and the rate', () => {
    expect(progressLine('Fleet history', step(10))).toBe(
      'Fleet history [########......................] 10/40 days  20,000 records  4,000 records/s',
    );
  });

  it('redraws in place on a terminal and ends with a newline', () => {
    const { chunks, output } = recorder();
    const bar = createProgressBar(output, 'Fleet history', { inPlace: true });
    for (let day = 1; day <= 3; day += 1) bar.update(step(day));
    bar.finish();
    expect(chunks).toHaveLength(4);
    expect(chunks.slice(0, 3).every((chunk) => chunk.startsWith('\r') && !chunk.includes('\n'))).toBe(true);
    expect(chunks.at(-1)).toBe('\n');
  });

  it('otherwise writes one line at every further 10 % after the starting point', () => {
    const { chunks, output } = recorder();
    const bar = createProgressBar(output, 'Fleet history', { inPlace: false });
    for (let day = 0; day <= 40; day += 1) bar.update(step(day));
    bar.finish();
    expect(chunks.map((chunk) => chunk.match(/ (\d+)\/40 days/)?.[1])).toEqual([
      '4',
      '8',
      '12',
      '16',
      '20',
      '24',
      '28',
      '32',
      '36',
      '40',
    ]);
    expect(chunks.every((chunk) => chunk.endsWith('\n') && !chunk.includes('\r'))).toBe(true);
  });

  it('counts the tenths from where a later phase starts: 14 of 400 days done prints nothing until 40', () => {
    const { chunks, output } = recorder();
    const bar = createProgressBar(output, 'Fleet history', { inPlace: false });
    for (let day = 14; day <= 45; day += 1) bar.update({ ...step(day - 14), daysDone: day, daysTotal: 400 });
    expect(chunks.map((chunk) => chunk.match(/ (\d+)\/400 days {2}([\d,]+) records/)?.slice(1))).toEqual([
      ['40', '52,000'],
    ]);
  });
});
