import type { OeeFigures, SystemAnalysisItem, SystemsNameResponse } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import type { SystemSubReport } from '../../src/runtime/panel-sdk.ts';
import { PRINTER_STATUS_COLOURS, PRINTER_STATUS_LABELS } from '../../src/shared/systems/printer-status-display.ts';
import { SYSTEM_PAGE_ACTIONS } from '../../src/shared/systems/system-pages.ts';

/** Status colours of the card bar and the table's status dot (src/shared/systems/printer-status-display.ts). */
export const STATUS_COLOURS = PRINTER_STATUS_COLOURS;
export const STATUS_LABELS = PRINTER_STATUS_LABELS;

/** What the nickname shows before the nickname list has loaded (spec reports §2). */
export const NICKNAME_NOT_LOADED = 'not setted';
/** Nickname list failure and nickname change failure (spec reports §8). */
export const NICKNAMES_LOAD_ERROR = 'nick names loading error';
export const NICKNAME_SAVE_ERROR = 'error';

/** The nickname a system shows: 'not setted' until the list has loaded, then its nickname or nothing. */
export function nicknameOf(serialNumber: string, nicknames: SystemsNameResponse | undefined): string {
  if (nicknames === undefined) return NICKNAME_NOT_LOADED;
  return nicknames.nicknameResponse.find((entry) => entry.serialNumber === serialNumber)?.nickName ?? '';
}

/** The nickname an edit starts from: the shown one, or empty while it is not loaded. */
export function editableNickname(shown: string | null): string {
  return shown === null || shown === NICKNAME_NOT_LOADED ? '' : shown;
}

/**
 * The systems the machine filter selected (empty selection: all), each showing its nickname from the nickname list
 * ('not setted' while that list loads).
 */
export function visibleSystems(
  systems: readonly SystemAnalysisItem[],
  selectedSerials: readonly string[],
  nicknames: SystemsNameResponse | undefined,
): SystemAnalysisItem[] {
  const selected = new Set(selectedSerials);
  return systems
    .filter((system) => selected.size === 0 || selected.has(system.serialNumber))
    .map((system) => ({ ...system, systemNickName: nicknameOf(system.serialNumber, nicknames) }));
}

/** The nickname list as the analysis answer has it: what shows when GET systems-name failed. */
export function nicknamesOfAnalysis(systems: readonly SystemAnalysisItem[]): SystemsNameResponse {
  return {
    nicknameResponse: systems.map((system) => ({ serialNumber: system.serialNumber, nickName: system.systemNickName })),
  };
}

/** Production and speed units of a group as the API sends them: DTF counts metres, the others impressions. */
function productionUnits(group: SystemGroup): { production: string; speed: string } {
  return group === 'DTF' ? { production: 'm', speed: 'm/h' } : { production: 'imp', speed: 'imp/h' };
}

/** A system's production and speed as shown, abbreviated with their units; DTF lengths in the user's unit. */
export function systemAmounts(
  system: Pick<SystemAnalysisItem, 'production' | 'speed'>,
  group: SystemGroup,
  toUserUnits: ToUserUnits,
): { production: string; speed: string } {
  const units = productionUnits(group);
  const shown = (value: number, sent: string) => {
    const quantity = toUserUnits({ value, units: sent });
    return `${abbreviateNumber(quantity.value)} ${quantity.units}`;
  };
  return { production: shown(system.production, units.production), speed: shown(system.speed, units.speed) };
}

/** Availability as a percentage; −1 (nothing reported) is '--' (spec reports §5). */
export function formatAvailability(availability: number): string {
  return availability < 0 ? '--' : formatPercent(availability);
}

/** OEE as a percentage; '--' where it cannot be computed (no shift planned, nothing reported, no ideal rate). */
export function formatOee(figures: OeeFigures | null): string {
  return figures === null ? '--' : formatPercent(figures.oee);
}

/** The factors behind an OEE, for its tooltip (docs/kpi-glossary.md "OEE"). */
export function oeeFactors(figures: OeeFigures | null): string | undefined {
  if (figures === null) return undefined;
  const { availability, performance, quality } = figures;
  return `Shift Availability ${formatPercent(availability)} × Performance ${formatPercent(performance)} × Quality ${formatPercent(quality)}`;
}

/** Last update as the header shows it (same format, the viewer's time zone), or 'Never' for a system that never reported. */
export function lastUpdateText(lastUpdate: string | null): string {
  return formatLastUpdate(lastUpdate) ?? 'Never';
}

/** Sub-report routes of a system (spec reports §2): Parameters, Open Ticket, System Page. */
export const SYSTEM_ACTIONS = SYSTEM_PAGE_ACTIONS;

/** The address of one of a system's pages, as the app's `useSystemPageLink` capability gives it. */
export type SystemLink = (subReport: SystemSubReport, serialNumber: string) => string;
