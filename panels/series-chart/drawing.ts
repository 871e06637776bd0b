/** The series chart's two drawings, each a lazily loaded module of its own (file names in this folder). */
export const SERIES_CHART_DRAWINGS = { bars: 'BarsChart.tsx', comparison: 'ComparisonChart.tsx' } as const;

/**
 * The drawing a series-chart panel's options choose: the comparison with the previous period's line when `comparison`
 * is set (SeriesChartPanel also needs the frame's period for it), else the bars. The route budgets count only the
 * drawings a layout's panels choose (scripts/bundle-budget/route-budgets.ts).
 */
export function seriesChartDrawing(options: { comparison?: unknown }): keyof typeof SERIES_CHART_DRAWINGS {
  return options.comparison === true ? 'comparison' : 'bars';
}
