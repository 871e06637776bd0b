import type { PanelKind } from '../schemas/panel-kinds.ts';
import type { ComponentType } from 'react';
import type { AnyPanelDefinition, PanelProps } from '../src/runtime/panel-definition.ts';
import { PANEL_DEFINITION_LOADERS } from './panel-loaders.generated.ts';

/**
 * The browser's door to the panel kinds. Each kind registers itself in its folder's index.ts; the list is generated from
 * the folders (panels/panel-loaders.generated.ts, npm run panels:index). A definition (options schema, selector, title
 * rule) is a chunk of its own and its component another, so a report route loads only its layout's kinds: before, every
 * route carried every kind's metadata (0.6–0.9 KB gzip a kind).
 */
const DEFINITIONS = new Map<PanelKind, Promise<AnyPanelDefinition>>();

/** Definitions and components that have arrived, for a panel to render at once rather than wait a turn. */
const LOADED_DEFINITIONS = new Map<PanelKind, AnyPanelDefinition>();
const LOADED_COMPONENTS = new Map<PanelKind, AnyPanelComponent>();

/** The kind's definition, fetched once; the same promise for every caller. */
export function loadPanelDefinition(kind: PanelKind): Promise<AnyPanelDefinition> {
  let definition = DEFINITIONS.get(kind);
  if (definition === undefined) {
    definition = PANEL_DEFINITION_LOADERS[kind]().then((loaded) => {
      LOADED_DEFINITIONS.set(kind, loaded);
      return loaded;
    });
    DEFINITIONS.set(kind, definition);
  }
  return definition;
}

/** The kind's definition if it has arrived (a report's frame preloads its kinds while it waits for its filter data). */
export function loadedPanelDefinition(kind: PanelKind): AnyPanelDefinition | undefined {
  return LOADED_DEFINITIONS.get(kind);
}

/** The kind's component if it has arrived. */
export function loadedPanelComponent(kind: PanelKind): AnyPanelComponent | undefined {
  return LOADED_COMPONENTS.get(kind);
}

/** Every kind the registry can load. */
export const REGISTERED_PANEL_KINDS = Object.keys(PANEL_DEFINITION_LOADERS) as readonly PanelKind[];

/** A kind's component, as the runtime renders it. */
export type AnyPanelComponent = ComponentType<PanelProps<unknown, unknown>>;

const COMPONENTS = new Map<PanelKind, Promise<AnyPanelComponent>>();

/** The kind's component (its definition's `load()`), fetched once. */
export function loadPanelComponent(kind: PanelKind): Promise<AnyPanelComponent> {
  let component = COMPONENTS.get(kind);
  if (component === undefined) {
    component = loadPanelDefinition(kind)
      .then((definition) => definition.load())
      .then((loaded) => {
        LOADED_COMPONENTS.set(kind, loaded);
        return loaded;
      });
    COMPONENTS.set(kind, component);
  }
  return component;
}

/** Starts fetching the kinds' definitions and components, so a panel draws as soon as its query answers. */
export function preloadPanelKinds(kinds: Iterable<PanelKind>): void {
  for (const kind of new Set(kinds)) void loadPanelComponent(kind).catch(() => undefined);
}
