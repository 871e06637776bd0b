import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { MessagesTableData, MessagesTableOptions } from './model.ts';
import './MessagesTablePanel.css';

/** The errors or maintenance events of the period, one row per message, 'Other' last (spec reports §2, §5). */
export function MessagesTablePanel({ title, data }: PanelProps<MessagesTableOptions, MessagesTableData>): JSX.Element {
  return (
    <div className="messages-table" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
      <table>
        <caption className="messages-table__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Message</th>
            <th scope="col">Code</th>
            <th scope="col" className="messages-table__number">
              Count
            </th>
            <th scope="col" className="messages-table__number">
              Duration
            </th>
            <th scope="col" className="messages-table__number messages-table__share">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.message}>
              <th scope="row">{row.message}</th>
              <td>{row.codes}</td>
              <td className="messages-table__number">{row.count}</td>
              <td className="messages-table__number">{row.duration}</td>
              <td className="messages-table__number messages-table__share">{row.share}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
