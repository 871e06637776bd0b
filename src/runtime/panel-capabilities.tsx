import { createContext, useContext, type JSX, type ReactNode } from 'react';
import type { SoftwareVersionsResponse, SystemsAnalysisView, SystemsNameResponse } from '../shared/api-types.ts';

/** A value the app loads for a panel: undefined while loading (or when failed), `failed` once the call failed. */
export interface Loadable<T> {
  data: T | undefined;
  failed: boolean;
}

/** A system's own pages (spec reports §2: /reports/systems/{subReport}/{serialNumber}). */
export type SystemSubReport = 'machine-config' | 'service-ticket' | 'system-page';

/**
 * What panels may ask of the app beyond their layout query. Panels never import src/api or the router's state: the
 * report's frame fills this in (src/app/pages/*), scoped to the report's group and period. Members named `use…` are
 * React hooks; call them unconditionally, like any hook.
 */
export interface PanelCapabilities {
  /** The nicknames of the report group's systems (re-fetched on each visit of the report, spec reports §2). */
  useSystemNicknames(): Loadable<SystemsNameResponse>;
  /** Changes one system's nickname; the promise rejects when the API refuses (the app shows the API's toast). */
  useSaveSystemNickname(): (serialNumber: string, nickName: string) => Promise<unknown>;
  /** Software versions of one system for the report's period; not asked while `serialNumber` is null. */
  useSoftwareVersions(serialNumber: string | null): Loadable<SoftwareVersionsResponse>;
  /** The user's preferred Systems Analysis view and its change (stored in the user settings). */
  useSystemsViewPreference(): { view: SystemsAnalysisView | undefined; save(view: SystemsAnalysisView): void };
  /** The address of a system's page, keeping the report's query string (group, period, selection). */
  useSystemPageLink(): (subReport: SystemSubReport, serialNumber: string) => string;
}

/** The capability named `name` without a provider: a report whose frame does not offer it. */
function missing(name: string): never {
  throw new Error(`Panel capability '${name}' is not provided: wrap the report in <PanelCapabilitiesProvider>.`);
}

const NOT_PROVIDED: PanelCapabilities = {
  useSystemNicknames: () => missing('useSystemNicknames'),
  useSaveSystemNickname: () => missing('useSaveSystemNickname'),
  useSoftwareVersions: () => missing('useSoftwareVersions'),
  useSystemsViewPreference: () => missing('useSystemsViewPreference'),
  useSystemPageLink: () => missing('useSystemPageLink'),
};

const PanelCapabilitiesContext = createContext<PanelCapabilities>(NOT_PROVIDED);

/** Offers `capabilities` to the panels below (the app's report frame, a story or a test's fake). */
export function PanelCapabilitiesProvider({
  capabilities,
  children,
}: {
  capabilities: PanelCapabilities;
  children: ReactNode;
}): JSX.Element {
  return <PanelCapabilitiesContext.Provider value={capabilities}>{children}</PanelCapabilitiesContext.Provider>;
}

/** The app's capabilities; a member used without a provider throws, naming itself. */
export function usePanelCapabilities(): PanelCapabilities {
  return useContext(PanelCapabilitiesContext);
}
