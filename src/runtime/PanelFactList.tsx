/**
 * Facts as a description list: the markup the kinds share (a card's figures, a popup's summary, a printer's identity).
 * In the panel SDK's runtime chunk (panel-sdk.ts), which every report loads anyway: kinds on routes that load no other
 * SDK part (Jobs, Systems Analysis) do not fetch panel-sdk-parts.tsx for it.
 */
import type { JSX } from 'react';

/** One fact: a label over its value ('Serial number' / 'X-1'). */
export interface PanelFact {
  label: string;
  value: string;
  /** The value's tooltip (the factors behind an OEE); absent: none. */
  title?: string | undefined;
}

export interface PanelFactsProps {
  facts: readonly PanelFact[];
  /** The kind's class of the list (a column, a wrapping row, a grid of figures). */
  className: string;
}

/**
 * Facts as a description list, each label over its value, in the kind's own look (`className`: a card's figures, a
 * popup's summary): PanelFacts gives it the SDK's.
 */
export function PanelFactList({ facts, className }: PanelFactsProps): JSX.Element {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd title={fact.title}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
