import { describe, expect, it } from 'vitest';
import { framesOffered, readFrame } from './answer-frames.ts';
import { PERIOD_ANSWERS } from './report.frames.ts';

const period = (timeframe: 'day' | 'week', startDay: string, endDay: string) => ({
  timeframe,
  startDay,
  endDay,
  startHour: 0,
  endHour: 23,
});

/** What every Overview answer and Systems Analysis carry about their period (the rest is left out here). */
const WEEK_ANSWER = {
  systemGroup: 'DTG',
  period: period('week', '2026-11-16', '2026-11-22'),
  previousPeriod: period('week', '2026-11-09', '2026-11-15'),
  comparedUntil: null,
};

/** Today at 11:29: both days compared up to 11:29. */
const DAY_IN_PROGRESS_ANSWER = {
  systemGroup: 'DTG',
  period: period('day', '2026-11-28', '2026-11-28'),
  previousPeriod: period('day', '2026-11-21', '2026-11-21'),
  comparedUntil: { localTime: '2026-11-28T11:29' },
};

describe('period frames', () => {
  it('every answer that names its period and comparison offers the period frame', () => {
    for (const answer of PERIOD_ANSWERS) expect(framesOffered(answer), answer).toHaveProperty('period', 'period');
    expect(framesOffered('SystemInkTable')).toEqual({ inkByColour: 'table' });
    expect(framesOffered('Health')).toEqual({});
  });

  it("period: the answer's selected period and how far it is compared, nothing else", () => {
    expect(readFrame('OverviewGraphs', 'period', WEEK_ANSWER)).toEqual({
      type: 'period',
      period: WEEK_ANSWER.period,
      comparedUntil: null,
    });
    expect(readFrame('SystemsAnalysis', 'period', DAY_IN_PROGRESS_ANSWER)).toEqual({
      type: 'period',
      period: DAY_IN_PROGRESS_ANSWER.period,
      comparedUntil: { localTime: '2026-11-28T11:29' },
    });
  });

  it('refuses a frame the answer does not offer', () => {
    expect(() => readFrame('OverviewGraphs', 'inkByColour', WEEK_ANSWER)).toThrow(
      "the answer 'OverviewGraphs' offers no frame 'inkByColour'",
    );
  });
});
