/**
 * The terminal progress of a simulated history (first start, `npm run seed`): one bar redrawn in place on a terminal,
 * or — without one, or once other output may follow — a line at every further 10 % after the first step. The first
 * step (nothing filled yet in this run: '0 records') is the caller's to announce in words.
 */

export interface ProgressStep {
  daysDone: number;
  daysTotal: number;
  /** Records ingested so far in this run. */
  records: number;
  elapsedMs: number;
}

/** Where the progress goes: process.stdout or a test double. */
export interface ProgressOutput {
  write(text: string): unknown;
}

export interface ProgressBar {
  update(step: ProgressStep): void;
  /** Ends an in-place bar with a newline (nothing otherwise). */
  finish(): void;
}

const BAR_WIDTH = 30;
const number = (value: number) => Math.round(value).toLocaleString('en-US');

/** `label [#####.....] 120/400 days  240,000 records  3,700 records/s`. */
export function progressLine(label: string, step: ProgressStep): string {
  const share = step.daysTotal === 0 ? 1 : step.daysDone / step.daysTotal;
  const filled = Math.round(share * BAR_WIDTH);
  const rate = step.elapsedMs > 0 ? (step.records / step.elapsedMs) * 1000 : 0;
  return (
    `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${step.daysDone}/${step.daysTotal} days  ` +
    `${number(step.records)} records  ${number(rate)} records/s`
  );
}

/** A bar redrawn in place (`inPlace`, for a terminal nothing else writes to meanwhile) or one line per further 10 %. */
export function createProgressBar(output: ProgressOutput, label: string, options: { inPlace: boolean }): ProgressBar {
  let lastTenth: number | null = null;
  let drawn = false;
  return {
    update(step) {
      if (options.inPlace) {
        output.write(`\r${progressLine(label, step)}`);
        drawn = true;
        return;
      }
      const tenth = step.daysTotal === 0 ? 10 : Math.floor((step.daysDone / step.daysTotal) * 10);
      const first = lastTenth === null;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      if (first) return;
      output.write(`${progressLine(label, step)}\n`);
    },
    finish() {
      if (drawn) output.write('\n');
      drawn = false;
    },
  };
}
