/** URL query keys of the period filters (spec reports §2: the filter state is mirrored in the URL). */
export const TIMEFRAME_QUERY_KEY = 'timeframe';
export const DAY_QUERY_KEY = 'day';
