import type { AnswerOf } from '../../src/shared/api-types.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const MACHINE_PARAMETERS_ANSWERS = ['MachineSettings'] as const;

export type MachineParametersAnswer = AnswerOf<(typeof MACHINE_PARAMETERS_ANSWERS)[number]>;

/** Options of a machine-parameters panel; options.schema.json beside this file is their contract. */
export type MachineParametersOptions = Record<string, never>;

/** One parameter row as the table shows it. */
export interface ParameterRow {
  name: string;
  value: string;
  min: string;
  max: string;
  /** A numeric value below its min or above its max. */
  outOfRange: boolean;
}

/** What the panel draws. */
export interface MachineParametersData {
  device: MachineParametersAnswer['device'];
  rows: ParameterRow[];
}

/** A number as the table shows it: up to 3 decimals, thousands separated; absent '--'. */
export function formatParameter(value: number | string | undefined): string {
  if (value === undefined) return '--';
  if (typeof value === 'string') return value;
  return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

/** A numeric value outside its min or max (a limit that is absent does not bound it). */
export function isOutOfRange(value: number | string, min?: number, max?: number): boolean {
  if (typeof value !== 'number') return false;
  return (min !== undefined && value < min) || (max !== undefined && value > max);
}

/**
 * The device and its parameters by name (spec reports §2 Machine config: min, max and value; §5: min and max numbers
 * or absent, a value a number or text; the server has dropped null parameters). Never empty: a device without
 * parameters still shows itself, with 'No parameters recorded'.
 */
export function selectMachineParameters(answer: MachineParametersAnswer): MachineParametersData {
  return {
    device: answer.device,
    rows: [...answer.params]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((param) => ({
        name: param.name,
        value: formatParameter(param.value),
        min: formatParameter(param.min),
        max: formatParameter(param.max),
        outOfRange: isOutOfRange(param.value, param.min, param.max),
      })),
  };
}

/** The rows whose name contains the search text, ignoring case and surrounding spaces. */
export function filterParameters(rows: readonly ParameterRow[], search: string): ParameterRow[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((row) => row.name.toLowerCase().includes(needle));
}
