import { TV_XMR_IMPRESSIONS, TV_XMR_IMPRESSIONS_WEEK } from '../../src/shared/contract/tv-dashboard.fixture.ts';
import type { XmrChartAnswer } from './model.ts';
import type { XmrChartOptions } from './options.ts';

export const XMR_CHART_OPTIONS: XmrChartOptions = { showMovingRange: true };

/** An answer of the kind's query (TvXmrImpressions): a Berlin printer at 09:20 in its early shift. */
export const XMR_CHART_ANSWER: XmrChartAnswer = TV_XMR_IMPRESSIONS;

/** The same printer's week so far, one point per shift, without a lower limit. */
export const XMR_CHART_WEEK_ANSWER: XmrChartAnswer = TV_XMR_IMPRESSIONS_WEEK;
