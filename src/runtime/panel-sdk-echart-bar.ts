import { BarChart } from 'echarts/charts';
import { use as registerChartParts } from 'echarts/core';

/**
 * The panel SDK's chart for kinds that draw bars: `EChart` with ECharts' bar series registered. Each series type is
 * registered by the kinds that draw it, so a report without bars (the Live Dashboard) does not load them, nor one
 * without lines (Jobs Analysis) the line series (docs/benchmarks.md "JavaScript budgets").
 */
registerChartParts([BarChart]);

export { EChart, type EChartOption } from './panel-sdk-echart.tsx';
