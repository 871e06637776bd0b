import layoutTexts from '../src/i18n/locales/en-US/layouts.json' with { type: 'json' };
import { textKeysOf } from '../src/shared/layout/layout-text.ts';
import type { LayoutCatalog } from '../src/shared/layout/validate-layout.ts';
import { PANEL_KINDS } from './panel-kinds.ts';
import layoutSchema from './report-layout.schema.json' with { type: 'json' };

/**
 * What layouts are validated against: the layout schema and every panel kind's rules (options schema, minimum size, the
 * answers or the frame type it shows) and the text keys a layout may name (en-US's layouts.json). The server's layout store, `npm run layouts:check` and the tests pass it to
 * src/shared/layout's validator, which imports nothing outside src/shared.
 */
export const LAYOUT_CATALOG: LayoutCatalog = { layoutSchema, kinds: PANEL_KINDS, textKeys: textKeysOf(layoutTexts) };
