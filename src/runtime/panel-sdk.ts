/**
 * The panel SDK: the only runtime module a panel imports (lint enforces it). A panel kind is a component that
 * renders `PanelProps` and never fetches, plus a `PanelDefinition` registered in panels/registry.ts.
 */
import type { ComponentType } from 'react';
import type { PanelKind, PanelMinSize } from '../../schemas/panel-kinds.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import type { PanelPlaceholder } from './PanelFrame.tsx';

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
export type { PanelKind, PanelMinSize };

/** What the runtime hands a panel component. */
export interface PanelProps<Options, Data> {
  /** The panel's options from the layout, valid against schemas/panels/<kind>.schema.json. */
  options: Options;
  /** What the kind's `selectData` picked from the query response; never null (the frame shows the empty state instead). */
  data: Data;
  /** Title for the current system group (the definition's `titleFor`, else the layout panel's title). */
  title: string;
  systemGroup: SystemGroup;
  /** Size of the panel's grid cell in pixels. */
  width: number;
  height: number;
}

/** Everything the runtime knows about a panel kind. Metadata is eager; the component loads on first use. */
export interface PanelDefinition<Options, Data> {
  kind: PanelKind;
  /** Name of the kind in catalogues and Storybook, e.g. 'KPI card'. */
  title: string;
  description: string;
  /** Smallest grid cell the kind fits (from schemas/panel-kinds.ts, which the validator checks placements against). */
  minSize: PanelMinSize;
  /** True when the component shows its title itself (a KPI card's label); the frame then shows it only while loading, empty or failed. */
  drawsOwnTitle: boolean;
  /** Shape of the loading placeholder: 'chart' (default, spec reports §2 chart placeholders) or 'card'. */
  placeholder?: PanelPlaceholder;
  /** Per-group title from the options (a KPI card's label for DTF); undefined falls back to the layout title. */
  titleFor?(options: Options, group: SystemGroup): string | undefined;
  /** Picks the panel's data from the query response; null means nothing to show for this period (empty state). */
  selectData(response: unknown, options: Options): Data | null;
  /** Loads the component (a dynamic import, so each kind is its own chunk). */
  load(): Promise<ComponentType<PanelProps<Options, Data>>>;
}

/** A definition with its types erased, as the registry holds it (options are checked by the layout validator). */
export type AnyPanelDefinition = PanelDefinition<unknown, unknown>;

export function definePanel<Options, Data>(definition: PanelDefinition<Options, Data>): AnyPanelDefinition {
  return definition as unknown as AnyPanelDefinition;
}
