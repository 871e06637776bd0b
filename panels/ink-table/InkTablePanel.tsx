import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { formatMl, type InkTableData, type InkTableOptions } from './model.ts';
import './InkTablePanel.css';

/** Ink per colour in the period (spec reports §2 System page): consumed, loaded, bottles and per unit. */
export function InkTablePanel({ options, data, title }: PanelProps<InkTableOptions, InkTableData>): JSX.Element {
  const decimals = options.decimals ?? 1;
  return (
    <div className="ink-table" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
      <table>
        <caption className="ink-table__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Colour</th>
            <th scope="col">Consumed (ml)</th>
            <th scope="col">Loaded (ml)</th>
            <th scope="col">Bottles</th>
            <th scope="col">{data.perUnit}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.colour}>
              <th scope="row">{row.colour}</th>
              <td>{formatMl(row.consumed, decimals)}</td>
              <td>{formatMl(row.loaded, decimals)}</td>
              <td>{row.bottles}</td>
              <td>{formatMl(row.perUnit, 3)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
