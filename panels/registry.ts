import type { ComponentType } from 'react';
import type { PanelKind } from '../schemas/panel-kinds.ts';
import { loadOnce } from '../src/shared/load-once.ts';
import { retryImport } from '../src/shared/retry-import.ts';
import type { AnyPanelDefinition, PanelProps } from '../src/runtime/panel-definition.ts';

/**
 * The browser's door to the panel kinds. Each kind registers itself in its folder's index.ts (`export const panel`);
 * Vite's glob finds the folders. A definition (options schema, selector, title rule) is a chunk of its own and its
 * component another, so a report route loads only its layout's kinds: before, every route carried every kind's
 * metadata (0.6–0.9 KB gzip a kind). tests/unit/registry-schema-parity.test.ts checks that the kinds found are exactly
 * those of the generated index (schemas/panel-kinds.ts).
 */
const DEFINITION_MODULES = import.meta.glob<AnyPanelDefinition>('./*/index.ts', { import: 'panel' });

/** Loads a kind's definition (its folder's index.ts, a dynamic import) by the kind's name. */
export const PANEL_DEFINITION_LOADERS = Object.fromEntries(
  Object.entries(DEFINITION_MODULES).map(([file, load]) => [file.split('/')[1], load]),
) as Readonly<Record<PanelKind, () => Promise<AnyPanelDefinition>>>;

/** A kind's component, as the runtime renders it. */
export type AnyPanelComponent = ComponentType<PanelProps<unknown, unknown>>;

/** Every kind the registry can load. */
export const REGISTERED_PANEL_KINDS = Object.keys(PANEL_DEFINITION_LOADERS) as readonly PanelKind[];

// Chunks are fetched with back-off through an outage (issue #32); a load that still fails is not kept, the next call
// (a panel's error boundary retrying) fetches again.
/** Whether a layout's kind names a registered kind (the server serves only layouts whose kinds are). */
export function isRegisteredPanelKind(kind: string): kind is PanelKind {
  return Object.hasOwn(PANEL_DEFINITION_LOADERS, kind);
}

function loadDefinition(kind: string): Promise<AnyPanelDefinition> {
  if (!isRegisteredPanelKind(kind)) return Promise.reject(new Error(`unknown panel kind '${kind}'`));
  return retryImport(() => PANEL_DEFINITION_LOADERS[kind]());
}

const definitions = loadOnce(loadDefinition);
const components = loadOnce((kind: string) =>
  definitions.load(kind).then((definition) => retryImport(() => definition.load())),
);

/** The kind's definition, fetched once; the same promise for every caller. */
export const loadPanelDefinition = (kind: string): Promise<AnyPanelDefinition> => definitions.load(kind);

/** The kind's component (its definition's `load()`), fetched once. */
export const loadPanelComponent = (kind: string): Promise<AnyPanelComponent> => components.load(kind);

/** The kind's definition if it has arrived (a report's frame preloads its kinds while it waits for its filter data). */
export const loadedPanelDefinition = (kind: string): AnyPanelDefinition | undefined => definitions.loaded(kind);

/** The kind's component if it has arrived. */
export const loadedPanelComponent = (kind: string): AnyPanelComponent | undefined => components.loaded(kind);

/** Starts fetching the kinds' definitions and components, so a panel draws as soon as its query answers. */
export function preloadPanelKinds(kinds: Iterable<string>): void {
  for (const kind of new Set(kinds)) void loadPanelComponent(kind).catch(() => undefined);
}
