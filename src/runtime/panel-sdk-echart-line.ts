import { LineChart } from 'echarts/charts';
import { use as registerChartParts } from 'echarts/core';

/**
 * The panel SDK's chart for kinds that draw lines: `EChart` with ECharts' line series registered (as
 * panel-sdk-echart-bar.ts for bars).
 */
registerChartParts([LineChart]);

export { EChart, type EChartOption } from './panel-sdk-echart.tsx';
