/** The panel SDK's chart for kinds that draw bars and lines together: both series types registered. */
import './panel-sdk-echart-bar.ts';
import './panel-sdk-echart-line.ts';

export { EChart, type EChartOption } from './panel-sdk-echart.tsx';
