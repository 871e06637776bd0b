import type { OeeFigures, SystemAnalysisItem, SystemsNameResponse } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatPercent } from '../../src/shared/format/percent.ts';
import type { SystemGroup } from '../../src/shared/system-group.ts';
import type { ToUserUnits } from '../../src/shared/units/length-units.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import type { PanelT, SystemSubReport } from '../../src/runtime/panel-sdk.ts';
import { PRINTER_STATUS_COLOURS } from '../../src/shared/systems/printer-status-display.ts';
import { SYSTEM_PAGE_ACTIONS } from '../../src/shared/systems/system-pages.ts';

/** Status colours of the card bar and the table's status dot (src/shared/systems/printer-status-display.ts). */
export const STATUS_COLOURS = PRINTER_STATUS_COLOURS;

/**
 * The nickname a system shows: 'not setted' (spec reports §2, `panels.systemsList.nicknameNotLoaded`) until the list
 * has loaded, then its nickname or nothing.
 */
export function nicknameOf(serialNumber: string, nicknames: SystemsNameResponse | undefined, t: PanelT): string {
  if (nicknames === undefined) return t('panels.systemsList.nicknameNotLoaded');
  return nicknames.nicknameResponse.find((entry) => entry.serialNumber === serialNumber)?.nickName ?? '';
}

/** The nickname an edit starts from: the shown one, or empty while it is not loaded. */
export function editableNickname(shown: string | null, t: PanelT): string {
  return shown === null || shown === t('panels.systemsList.nicknameNotLoaded') ? '' : shown;
}

/**
 * The systems the machine filter selected (empty selection: all), each showing its nickname from the nickname list
 * ('not setted' while that list loads).
 */
export function visibleSystems(
  systems: readonly SystemAnalysisItem[],
  selectedSerials: readonly string[],
  nicknames: SystemsNameResponse | undefined,
  t: PanelT,
): SystemAnalysisItem[] {
  const selected = new Set(selectedSerials);
  return systems
    .filter((system) => selected.size === 0 || selected.has(system.serialNumber))
    .map((system) => ({ ...system, systemNickName: nicknameOf(system.serialNumber, nicknames, t) }));
}

/** The nickname list as the analysis answer has it: what shows when GET systems-name failed. */
export function nicknamesOfAnalysis(systems: readonly SystemAnalysisItem[]): SystemsNameResponse {
  return {
    nicknameResponse: systems.map((system) => ({ serialNumber: system.serialNumber, nickName: system.systemNickName })),
  };
}

/** Production and speed units of a group as the API sends them (unit symbols the length units convert): DTF counts metres, the others impressions. */
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
export function oeeFactors(figures: OeeFigures | null, t: PanelT): string | undefined {
  if (figures === null) return undefined;
  return t('panels.systemsList.oeeFactors', {
    availability: formatPercent(figures.availability),
    performance: formatPercent(figures.performance),
    quality: formatPercent(figures.quality),
  });
}

/** A system's figures as its table row and its card show them. */
export interface SystemFigures {
  production: string;
  speed: string;
  availability: string;
  oee: string;
  /** The OEE's tooltip: the factors behind it; undefined without an OEE. */
  oeeFactors: string | undefined;
  lastUpdate: string;
}

/** A system's figures as shown: amounts in the user's units, percentages, its last update. */
export function systemFigures(
  system: SystemAnalysisItem,
  group: SystemGroup,
  toUserUnits: ToUserUnits,
  t: PanelT,
): SystemFigures {
  return {
    ...systemAmounts(system, group, toUserUnits),
    availability: formatAvailability(system.availability),
    oee: formatOee(system.oee),
    oeeFactors: oeeFactors(system.oee, t),
    lastUpdate: lastUpdateText(system.lastUpdate, t),
  };
}

/** Last update as the header shows it (same format, the viewer's time zone), or 'Never' for a system that never reported. */
export function lastUpdateText(lastUpdate: string | null, t: PanelT): string {
  return formatLastUpdate(lastUpdate) ?? t('panels.systemsList.never');
}

/** Sub-report routes of a system (spec reports §2): Parameters, Open Ticket, System Page. */
export const SYSTEM_ACTIONS = SYSTEM_PAGE_ACTIONS;

/** The address of one of a system's pages, as the app's `useSystemPageLink` capability gives it. */
export type SystemLink = (subReport: SystemSubReport, serialNumber: string) => string;
