/**
 * The report frame's and layout runtime's texts (`locales/en-US/report.json`: `filters.*`, `report.*`), registered when
 * a module that shows them loads: with a report route's chunks, never the entry. Import it for that effect.
 */
import { registerArea } from '../i18n/i18n.ts';
import comparisonTexts from '../i18n/locales/en-US/comparison.json' with { type: 'json' };
import texts from '../i18n/locales/en-US/report.json' with { type: 'json' };

registerArea('report', texts);
// What the previous period is and how far both are read (`comparison.*`): the legends' words, also the cards' (server).
registerArea('comparison', comparisonTexts);
