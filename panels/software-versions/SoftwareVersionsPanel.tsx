import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { SoftwareVersionsData, SoftwareVersionsOptions } from './model.ts';
import './SoftwareVersionsPanel.css';

/** The printer's software: app, global version and last update, then each component (spec reports §3). */
export function SoftwareVersionsPanel({
  data,
  title,
}: PanelProps<SoftwareVersionsOptions, SoftwareVersionsData>): JSX.Element {
  return (
    <div className="software-versions" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
      <dl className="software-versions__summary">
        <div>
          <dt>App</dt>
          <dd>{data.appName}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{data.version}</dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>{data.lastUpdate}</dd>
        </div>
      </dl>
      {data.components.length > 0 && (
        <table>
          <caption className="software-versions__caption">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col">Version</th>
              <th scope="col">Reported</th>
            </tr>
          </thead>
          <tbody>
            {data.components.map((entry) => (
              <tr key={entry.component}>
                <th scope="row">{entry.component}</th>
                <td>{entry.version}</td>
                <td>{entry.reportedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
