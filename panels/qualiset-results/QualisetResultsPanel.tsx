import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import type { QualisetResultsData, QualisetResultsOptions } from './model.ts';
import './QualisetResultsPanel.css';

/** The period's Qualiset tests: pass rate, then each result (spec reports §2 System page). */
export function QualisetResultsPanel({
  data,
  title,
}: PanelProps<QualisetResultsOptions, QualisetResultsData>): JSX.Element {
  return (
    <div className="qualiset-results" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
      <p className="qualiset-results__summary">{data.summary}</p>
      <table>
        <caption className="qualiset-results__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Measured</th>
            <th scope="col">Test</th>
            <th scope="col">Result</th>
            <th scope="col">Score</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.key}>
              <td>{row.measuredAt}</td>
              <td>{row.testName}</td>
              <td className={`qualiset-results__result qualiset-results__result--${row.result.toLowerCase()}`}>
                {row.result}
              </td>
              <td>{row.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
