import { useId, useState, type JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { filterParameters, type MachineParametersData, type MachineParametersOptions } from './model.ts';
import './MachineParametersPanel.css';

/** Machine config: the device, then its parameters with value, min and max, searchable by name (spec reports §2). */
export function MachineParametersPanel({
  data,
  title,
}: PanelProps<MachineParametersOptions, MachineParametersData>): JSX.Element {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const rows = filterParameters(data.rows, search);
  const { device } = data;
  return (
    <div className="machine-parameters">
      <div className="machine-parameters__device">
        <img className="machine-parameters__image" src={device.image} alt={`${device.model} printer`} />
        <dl>
          <div>
            <dt>Device</dt>
            <dd>{device.nickname === null ? device.name : `${device.nickname} (${device.name})`}</dd>
          </div>
          <div>
            <dt>Id</dt>
            <dd>{device.id}</dd>
          </div>
          <div>
            <dt>Model</dt>
            <dd>
              {device.model} · {device.systemGroup}
            </dd>
          </div>
        </dl>
      </div>
      <div className="machine-parameters__search">
        <label htmlFor={searchId}>Search</label>
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Parameter name"
          onChange={(event) => setSearch(event.target.value)}
        />
        <span role="status">
          {rows.length} of {data.rows.length} parameters
        </span>
      </div>
      <div className="machine-parameters__table" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
        {data.rows.length === 0 ? (
          <p>No parameters recorded</p>
        ) : (
          <table>
            <caption className="machine-parameters__caption">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Value</th>
                <th scope="col">Min</th>
                <th scope="col">Max</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name} className={row.outOfRange ? 'machine-parameters__row--out' : undefined}>
                  <th scope="row">{row.name}</th>
                  <td>
                    {row.value}
                    {row.outOfRange && (
                      <>
                        {' '}
                        <span className="machine-parameters__flag">(out of range)</span>
                      </>
                    )}
                  </td>
                  <td>{row.min}</td>
                  <td>{row.max}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
