/**
 * The view Systems Analysis opens in (spec reports §2: "the default view is the user's preference, 'table' by
 * default"). The spec's user settings name no field for it, so it is our own `systemsAnalysisView`; null means the user
 * never switched views and reads as 'table'. Switching the view on the page stores it.
 */
export const name = '009-systems-analysis-view';

export const up = `
ALTER TABLE user_settings
  ADD COLUMN systems_analysis_view text CHECK (systems_analysis_view IN ('table', 'cards'));
`;
