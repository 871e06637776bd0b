import { useMemo, useState, type JSX, type ReactNode } from 'react';
import { PanelCapabilitiesProvider, type JobSelection } from '../../src/runtime/panel-sdk.ts';

/** The report's job selection as a fixture (stories and tests): kept here, reported through `onSelect`. */
export function JobSelectionFixture({
  children,
  onSelect,
}: {
  children: ReactNode;
  onSelect?: (selection: JobSelection) => void;
}): JSX.Element {
  const [selection, setSelection] = useState<JobSelection>({ sizes: [], printModes: [] });
  const capabilities = useMemo(
    () => ({
      useJobSelection: () => ({
        selection,
        select: (next: JobSelection) => {
          setSelection(next);
          onSelect?.(next);
        },
      }),
    }),
    [selection, onSelect],
  );
  return <PanelCapabilitiesProvider capabilities={capabilities}>{children}</PanelCapabilitiesProvider>;
}
