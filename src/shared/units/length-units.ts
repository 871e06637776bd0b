/**
 * Lengths in the user's unit (spec shell §3 user settings `lengthUnits`: Yard or Meter, default Meter). The API sends DTF
 * lengths in metres ('m', rates 'm/h', goals too); the client shows them in the user's unit, converting here and nowhere
 * else. Units that are not lengths ('imp', '%', 's', …) pass through unchanged.
 */

/** The user's length setting. */
export type LengthUnits = 'Yard' | 'Meter';

export const DEFAULT_LENGTH_UNITS: LengthUnits = 'Meter';

/** 1 m = 1.0936133 yd (1 yd = 0.9144 m exactly). */
export const YARDS_PER_METRE = 1.0936133;

/** The yard unit of each metric length unit the API sends. */
const IN_YARDS: Readonly<Record<string, string>> = { m: 'yd', 'm/h': 'yd/h' };
/** The per-yard unit of each per-metre unit the API sends (Jobs per-unit cards of DTF: ml or seconds per metre of film). */
const PER_YARD: Readonly<Record<string, string>> = { 'ml/m': 'ml/yd', 's/m': 's/yd' };

/** A value with its units, as the API sends it or as the user sees it. */
export interface Quantity<Value extends number | null = number> {
  value: Value;
  units: string;
}

/**
 * A value in the user's length unit: with Yard, metres become yards, 'm/h' 'yd/h' and 'ml/m' 'ml/yd'; anything else is returned as it
 * came (a null value stays null, its units still converted).
 */
export function inLengthUnits<Value extends number | null>(
  quantity: Quantity<Value>,
  lengthUnits: LengthUnits,
): Quantity<Value> {
  if (lengthUnits !== 'Yard') return quantity;
  const yardUnits = IN_YARDS[quantity.units];
  const perYardUnits = PER_YARD[quantity.units];
  const factor = yardUnits !== undefined ? YARDS_PER_METRE : 1 / YARDS_PER_METRE;
  const units = yardUnits ?? perYardUnits;
  if (units === undefined) return quantity;
  const value = (quantity.value === null ? null : quantity.value * factor) as Value;
  return { value, units };
}

/** Converts a quantity into the user's length unit: what panels get from the panel SDK's `useLengthUnits()`. */
export type ToUserUnits = <Value extends number | null>(quantity: Quantity<Value>) => Quantity<Value>;
