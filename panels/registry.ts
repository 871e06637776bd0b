import type { PanelKind } from '../schemas/panel-kinds.ts';
import type { AnyPanelDefinition } from '../src/runtime/panel-definition.ts';
import { PANEL_DEFINITIONS } from './panel-index.generated.ts';

/**
 * Every panel kind: eager metadata (small) and lazily loaded code (one chunk per kind). Each kind registers itself in
 * its folder's index.ts; the list is generated from the folders (panels/panel-index.generated.ts, npm run panels:index).
 */
export const PANEL_REGISTRY: Readonly<Record<PanelKind, AnyPanelDefinition>> = PANEL_DEFINITIONS;
