/**
 * The panel SDK: the only runtime module a panel's components import (lint enforces it). A panel kind is a component
 * that renders `PanelProps` and never fetches, plus the `PanelDefinition` its folder's index.ts exports (through the
 * React-free panel-definition.ts, so node can read it).
 */
import './panel-sdk.css';

export {
  LoadingPlaceholder,
  PanelFrame,
  type PanelFrameProps,
  type PanelPlaceholder,
  type PanelState,
} from './PanelFrame.tsx';
export type { EmptyState, EmptyStateIcon } from '../shared/layout/empty-states.ts';
export type { Quantity, ToUserUnits } from '../shared/units/length-units.ts';
export { LengthUnitsProvider, useLengthUnits } from './LengthUnitsProvider.tsx';
export { ComparisonLegend, type ComparisonLegendProps } from './ComparisonLegend.tsx';
export { PanelTable, type PanelTableColumn, type PanelTableProps } from './PanelTable.tsx';
export { PanelFactList, type PanelFact, type PanelFactsProps } from './PanelFactList.tsx';
export { useElementSize } from './use-element-size.ts';
export { useTranslation, type PanelT } from './panel-sdk-text.ts';
export {
  PanelCapabilitiesProvider,
  usePanelCapabilities,
  type ExportCallResult,
  type ExportEndpoints,
  type ExportFileHandle,
  type JobSelection,
  type JobSelectionHandle,
  type Loadable,
  type PanelCapabilities,
  type SystemEventsFileHandle,
  type SystemSubReport,
} from './panel-capabilities.tsx';
export {
  defineFramePanel,
  definePanel,
  type AcceptedAnswer,
  type AnyPanelDefinition,
  type FramePanelDefinition,
  type PanelDefinition,
  type PanelMinSize,
  type PanelProps,
} from './panel-definition.ts';
