import { describe, expect, it } from 'vitest';
import { t } from '../../src/runtime/panel-sdk-text.ts';
import { INK_COLOURS, buildInkTrendOption, bucketWordsOf } from './chart-option.ts';
import { DAY_GRAPHS, EMPTY_GRAPHS, QUARTER_GRAPHS } from './fixtures.ts';
import { PARTIAL_COLOUR, bucketAxisText, bucketLabel, partialCount } from '../../src/shared/jobs/job-buckets.ts';
import { initialSelection, selectInkTrendChart } from './model.ts';

const quarter = selectInkTrendChart(QUARTER_GRAPHS);
const words = bucketWordsOf(t);

describe('ink-trend-chart model', () => {
  it('is empty without buckets, and lists the colours the answer has in the charts’ order', () => {
    expect(selectInkTrendChart(EMPTY_GRAPHS)).toBeNull();
    expect(quarter?.colours).toEqual(['Total', 'Color', 'black', 'white']);
  });

  it('starts at Total, or at the colours the layout names that the data has', () => {
    if (quarter === null) throw new Error('fixture without data');
    expect(initialSelection({}, quarter)).toEqual(['Total']);
    expect(initialSelection({ initialColours: ['black', 'FOF'] }, quarter)).toEqual(['black']);
  });

  it('labels buckets by hour, day, week or month', () => {
    expect(bucketLabel({ date: '2024-03-05T08:00', granularity: 'hour' }, words)).toBe('08:00');
    expect(bucketLabel({ date: '2024-03-05', granularity: 'day' }, words)).toBe('Mar 5');
    expect(bucketLabel({ date: '2024-03-04', granularity: 'week' }, words)).toBe('Wk Mar 4');
    expect(bucketLabel({ date: '2024-03-01', granularity: 'month' }, words)).toBe('Mar 2024');
  });

  it('counts the days of a cut bucket in orange under its label', () => {
    expect(partialCount({ partialDays: 3 }, words)).toBe('3 days');
    expect(partialCount({ partialDays: 1 }, words)).toBe('1 day');
    expect(partialCount({ partialDays: null }, words)).toBeNull();
    const [first, second] = quarter?.buckets ?? [];
    if (first === undefined || second === undefined) throw new Error('fixture without buckets');
    expect(bucketAxisText(first, words)).toBe('Wk Dec 25\n{partial|3 days}');
    expect(bucketAxisText(second, words)).toBe('Wk Jan 1');
    const option = buildInkTrendOption(quarter?.buckets ?? [], ['Total'], t);
    expect(option.xAxis.axisLabel.rich.partial.color).toBe(PARTIAL_COLOUR);
  });

  it('draws a bar series per selected colour in its colour, 6 px bars for hours', () => {
    const option = buildInkTrendOption(quarter?.buckets ?? [], ['Total', 'black'], t);
    expect(option.series.map((series) => [series.name, series.itemStyle.color, series.data])).toEqual([
      ['Total', INK_COLOURS.Total, [1_200, 4_800, 5_100, 700]],
      ['black', INK_COLOURS.black, [360, 1_440, 1_530, 210]],
    ]);
    expect(option.series[0]?.barMaxWidth).toBe(16);
    const day = selectInkTrendChart(DAY_GRAPHS);
    expect(buildInkTrendOption(day?.buckets ?? [], ['Total'], t).series[0]?.barMaxWidth).toBe(6);
  });
});
