import { createContext, useContext, useMemo, type JSX, type ReactNode } from 'react';
import type { SoftwareVersionsResponse, SystemsAnalysisView, SystemsNameResponse } from '../shared/api-types.ts';
import type { JobSize } from '../shared/jobs/job-categories.ts';
import type { SystemSubReport } from '../shared/systems/system-pages.ts';

/** A value the app loads for a panel: undefined while loading (or when failed), `failed` once the call failed. */
export interface Loadable<T> {
  data: T | undefined;
  failed: boolean;
}

export type { SystemSubReport };

/** The Job summary's selection on Jobs Analysis: what the filtered calls are asked for (none: every job). */
export interface JobSelection {
  sizes: readonly JobSize[];
  /** DTF print modes 0–3. */
  printModes: readonly number[];
}

/** The report's job selection and its change; the report clears it when the group, period or systems change. */
export interface JobSelectionHandle {
  selection: JobSelection;
  select(next: JobSelection): void;
}

/** The two calls of a download (spec reports §7): `check` answers 200/204/205 by status, `file` sends the XLSX. */
export interface ExportEndpoints {
  check: string;
  file: string;
}

/**
 * A call's outcome as a download needs it: the HTTP status of an answer, and the download's row limit where the answer
 * tells it (a check's `Export-Row-Limit` header); or failed (the app has shown its toast).
 */
export type ExportCallResult = { httpStatus: number; rowLimit?: number } | { failed: true };

/** A download for the report's group, period and systems: its check (undefined while checking) and the download. */
export interface ExportFileHandle {
  check: ExportCallResult | undefined;
  /** Asks for the file and saves it under the name the server gives; resolves with the call's outcome. */
  download(): Promise<ExportCallResult>;
}

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
  /** The Job summary's selection on Jobs Analysis (spec reports §4 job cards), fed to the filtered calls. */
  useJobSelection(): JobSelectionHandle;
  /** A download of the report's period (Jobs Analysis' per-job ink file): its check and the file call. */
  useExportFile(endpoints: ExportEndpoints): ExportFileHandle;
  /**
   * The errors-and-events file of a system's page for its period (spec reports §4, §7): no check call, the file call's
   * own status says 200 downloaded (saved under the server's name), 204 no content, 205 file too big.
   */
  useSystemEventsFile(): SystemEventsFileHandle;
}

/** The system page's events download: asks for the file and resolves with the call's outcome. */
export interface SystemEventsFileHandle {
  download(): Promise<ExportCallResult>;
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
  useJobSelection: () => missing('useJobSelection'),
  useExportFile: () => missing('useExportFile'),
  useSystemEventsFile: () => missing('useSystemEventsFile'),
};

const PanelCapabilitiesContext = createContext<PanelCapabilities>(NOT_PROVIDED);

/** Offers `capabilities` to the panels below (the app's report frame, a story or a test's fake); the others throw. */
export function PanelCapabilitiesProvider({
  capabilities,
  children,
}: {
  capabilities: Partial<PanelCapabilities>;
  children: ReactNode;
}): JSX.Element {
  const offered = useMemo(() => ({ ...NOT_PROVIDED, ...capabilities }), [capabilities]);
  return <PanelCapabilitiesContext.Provider value={offered}>{children}</PanelCapabilitiesContext.Provider>;
}

/** The app's capabilities; a member used without a provider throws, naming itself. */
export function usePanelCapabilities(): PanelCapabilities {
  return useContext(PanelCapabilitiesContext);
}
