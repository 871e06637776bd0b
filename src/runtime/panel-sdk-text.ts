/**
 * The panel SDK's texts: the panels' area file (`src/i18n/locales/en-US/panels.json`, keys `panels.*` and the spec's
 * `tooltip.*`), with the report frame's (`report.*`, whose legend labels the charts' series share), is registered when this module loads, that is with the first panel component of a report (the report
 * route's chunks, never the entry). Components take `useTranslation()`'s `t`; a panel's React-free model (which node
 * imports through its index.ts, so it must not load i18next's runtime) gets that `t` passed in as a `PanelT`.
 */
import type { TFunction } from 'i18next';
import { registerArea, t } from '../i18n/i18n.ts';
import texts from '../i18n/locales/en-US/panels.json' with { type: 'json' };
// The charts name their series as the report's legend does (`report.legendLabels.*`): one text for both.
import './report-texts.ts';

registerArea('panels', texts);

export { useTranslation } from 'react-i18next';

/** The lookup outside React, with the panels' texts registered: for tests of a model that takes a `PanelT`. */
export { t };

/** The typed text lookup a panel's model receives from its component (`useTranslation()`'s `t`). */
export type PanelT = TFunction;
