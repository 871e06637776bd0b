import type { LayoutCatalog } from '../src/shared/layout/validate-layout.ts';
import { PANEL_KINDS } from './panel-kinds.ts';
import layoutSchema from './report-layout.schema.json' with { type: 'json' };

/**
 * What layouts are validated against: the layout schema and every panel kind's rules (options schema, minimum size, the
 * answers or the frame type it shows). The server's layout store, `npm run layouts:check` and the tests pass it to
 * src/shared/layout's validator, which imports nothing outside src/shared.
 */
export const LAYOUT_CATALOG: LayoutCatalog = { layoutSchema, kinds: PANEL_KINDS };
