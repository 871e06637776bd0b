import { describe, expect, it } from 'vitest';
import { ANSWER_FRAMES, readFrame as readFromAllFrames } from '../shared/contract/answer-frames.ts';
import { PERIOD_AND_OVERVIEW_ANSWER_FRAMES } from '../shared/contract/period-and-overview-answer-frames.ts';
import { SYSTEM_INK_TABLE } from '../shared/contract/system-page.fixture.ts';
import {
  FETCHED_FRAME_ANSWERS,
  loadAnswerFrames,
  loadFetchedFrames,
  readFrame,
  type FetchedFrames,
} from './answer-frame-reader.ts';

const WEEK = { timeframe: 'week', startDay: '2024-03-04', endDay: '2024-03-10', startHour: 0, endHour: 23 } as const;

describe("the browser's answer frames: the period and Overview answers' at hand, the Jobs and system page answers' fetched", () => {
  it("reads a period answer's frame at once, a system page answer's once loadAnswerFrames has fetched it", async () => {
    expect(readFrame('OverviewGraphs', 'period', { period: WEEK, comparedUntil: null })).toEqual({
      type: 'period',
      period: WEEK,
      comparedUntil: null,
    });
    await loadAnswerFrames('OverviewGraphs');
    expect(() => readFrame('SystemInkTable', 'inkByColour', SYSTEM_INK_TABLE)).toThrow(/not loaded/);
    await loadAnswerFrames('SystemInkTable');
    expect(readFrame('SystemInkTable', 'inkByColour', SYSTEM_INK_TABLE)).toEqual(
      readFromAllFrames('SystemInkTable', 'inkByColour', SYSTEM_INK_TABLE),
    );
    expect(() => readFrame('SystemInkTable', 'nothing', SYSTEM_INK_TABLE)).toThrow("offers no frame 'nothing'");
  });

  it('fetches each answer from the module that holds it; together with those at hand, they are every answer with frames', async () => {
    const groups: FetchedFrames[] = ['jobs', 'systemPage'];
    const fetched = await Promise.all(groups.map(async (group) => [group, await loadFetchedFrames(group)] as const));
    for (const [group, frames] of fetched) {
      const named = Object.entries(FETCHED_FRAME_ANSWERS).filter(([, holder]) => holder === group);
      expect(named.map(([answer]) => answer).sort(), group).toEqual(Object.keys(frames).sort());
    }
    const atHand = Object.keys(PERIOD_AND_OVERVIEW_ANSWER_FRAMES);
    expect(atHand.filter((answer) => Object.hasOwn(FETCHED_FRAME_ANSWERS, answer))).toEqual([]);
    expect([...atHand, ...Object.keys(FETCHED_FRAME_ANSWERS)].sort()).toEqual(Object.keys(ANSWER_FRAMES).sort());
  });
});
