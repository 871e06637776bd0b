import { MACHINE_SETTINGS } from '../../src/shared/contract/system-page.fixture.ts';
import type { MachineParametersAnswer, MachineParametersOptions } from './model.ts';

export const MACHINE_PARAMETERS_OPTIONS: MachineParametersOptions = {};

/** Four parameters: one in range, one below its min, one text, one with a min only. */
export const MACHINE_PARAMETERS_ANSWER: MachineParametersAnswer = MACHINE_SETTINGS;
