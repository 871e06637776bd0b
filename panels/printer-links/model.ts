import type { PanelT } from '../../src/runtime/panel-sdk.ts';
import type { AnswerOf, ReportSystem } from '../../src/shared/api-types.ts';
import { formatLastUpdate } from '../../src/shared/format/last-update.ts';
import { PRINTER_STATUS_COLOURS } from '../../src/shared/systems/printer-status-display.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const PRINTER_LINKS_ANSWERS = ['ReportSystems'] as const;

export type PrinterLinksAnswer = AnswerOf<(typeof PRINTER_LINKS_ANSWERS)[number]>;

/** What the panel draws from: the group's systems with their nickname, model, status now and last update. */
export type PrinterLinksData = readonly ReportSystem[];

/** The group's systems (the panel picks the selected one; a group without systems still links to the serial). */
export function selectPrinterLinks(answer: PrinterLinksAnswer): PrinterLinksData {
  return answer;
}

/** The printer the panel names: its serial, and what the group's answer says of it (absent when it lists it not). */
export interface PrinterLine {
  serialNumber: string;
  /** Nickname and model, as far as known: 'Line 3 · Storm Hybrid'. */
  details: string;
  status: { label: string; colour: string } | null;
  /** 'Last update March 05, 2024, 09:30 am', 'Never reported', or null when the answer does not list the printer. */
  lastUpdate: string | null;
}

/** The one selected printer as the panel shows it; null unless exactly one system is selected. */
export function printerLine(data: PrinterLinksData, selectedSystems: readonly string[], t: PanelT): PrinterLine | null {
  const [serialNumber] = selectedSystems;
  if (serialNumber === undefined || selectedSystems.length !== 1) return null;
  const system = data.find((entry) => entry.serialNumber === serialNumber);
  if (system === undefined) return { serialNumber, details: '', status: null, lastUpdate: null };
  const shown = formatLastUpdate(system.lastUpdate);
  return {
    serialNumber,
    details: [system.systemNickName, system.systemModel].filter((part) => part !== null && part !== '').join(' · '),
    status: {
      label: t(`panels.status.${system.printerStatus}`),
      colour: PRINTER_STATUS_COLOURS[system.printerStatus],
    },
    lastUpdate: shown === null ? t('panels.neverReported') : t('panels.lastUpdateAt', { time: shown }),
  };
}
