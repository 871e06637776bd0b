import type { TableFrame } from '../../src/shared/contract/frames.ts';
import { SOFTWARE_VERSIONS_FRAMES } from '../../src/shared/contract/system-data.frames.ts';
import {
  MACHINE_SETTINGS,
  SYSTEM_INK_TABLE,
  SYSTEM_MESSAGES,
  SYSTEM_QUALISET,
  SYSTEM_SOFTWARE_VERSIONS,
} from '../../src/shared/contract/system-page.fixture.ts';
import {
  MACHINE_SETTINGS_FRAMES,
  SYSTEM_INK_TABLE_FRAMES,
  SYSTEM_MESSAGES_FRAMES,
  SYSTEM_QUALISET_FRAMES,
} from '../../src/shared/contract/system-page.frames.ts';
import { selectTable, type TableData } from './model.ts';
import type { TableOptions } from './options.ts';

// The system pages' table frames, each read by its answer's adapter from the answer's fixture: what the runtime hands
// the table kind for those answers.

/** SystemInkTable's inkByColour. */
export const INK_BY_COLOUR = SYSTEM_INK_TABLE_FRAMES.inkByColour.read(SYSTEM_INK_TABLE);
/** SystemMessages' errors. */
export const MESSAGE_ERRORS = SYSTEM_MESSAGES_FRAMES.errors.read(SYSTEM_MESSAGES);
/** SystemMessages' maintenance. */
export const MAINTENANCE_MESSAGES = SYSTEM_MESSAGES_FRAMES.maintenance.read(SYSTEM_MESSAGES);
/** SystemQualiset's qualisetResults. */
export const QUALISET_RESULTS = SYSTEM_QUALISET_FRAMES.qualisetResults.read(SYSTEM_QUALISET);
/** SoftwareVersions' components. */
export const SOFTWARE_COMPONENTS = SOFTWARE_VERSIONS_FRAMES.components.read(SYSTEM_SOFTWARE_VERSIONS);
/** MachineSettings' parameters. */
export const MACHINE_PARAMETERS = MACHINE_SETTINGS_FRAMES.parameters.read(MACHINE_SETTINGS);

/** What the kind draws of one of these frames (each has rows, so never null). */
export function tableOf(frame: TableFrame, options: TableOptions = {}): TableData {
  return selectTable(frame, options) as TableData;
}
