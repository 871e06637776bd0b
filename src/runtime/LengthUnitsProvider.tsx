import { createContext, useCallback, useContext, type JSX, type ReactNode } from 'react';
import {
  DEFAULT_LENGTH_UNITS,
  inLengthUnits,
  type LengthUnits,
  type ToUserUnits,
} from '../shared/units/length-units.ts';

const LengthUnitsContext = createContext<LengthUnits>(DEFAULT_LENGTH_UNITS);

/** Gives the panels below the user's length unit (spec shell §3 `lengthUnits`); without a provider they show metres. */
export function LengthUnitsProvider({
  lengthUnits,
  children,
}: {
  lengthUnits: LengthUnits;
  children: ReactNode;
}): JSX.Element {
  return <LengthUnitsContext.Provider value={lengthUnits}>{children}</LengthUnitsContext.Provider>;
}

/**
 * For panels: a function that puts a value with the units the API sent ('m', 'm/h', 'imp', '%', …) into the user's
 * length unit. Panels apply it to what they show; the conversion itself is src/shared/units/length-units.ts.
 */
export function useLengthUnits(): ToUserUnits {
  const lengthUnits = useContext(LengthUnitsContext);
  return useCallback<ToUserUnits>((quantity) => inLengthUnits(quantity, lengthUnits), [lengthUnits]);
}
