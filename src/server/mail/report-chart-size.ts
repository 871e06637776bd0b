/**
 * The e-mail chart's shown size in CSS pixels (its PNG is twice as large). A module of its own: the e-mail's HTML
 * needs it on the main thread, where loading the drawing module would load ECharts and resvg at every start.
 */
export const CHART_SIZE = { width: 600, height: 260 } as const;
