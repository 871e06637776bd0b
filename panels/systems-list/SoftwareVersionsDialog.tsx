import type { JSX } from 'react';
import { Dialog } from 'primereact/dialog';
import { ProgressSpinner } from 'primereact/progressspinner';
import { PANEL_ERROR_TEXT } from '../../src/runtime/panel-sdk.ts';
import type { SoftwareVersionsResponse } from '../../src/shared/api-types.ts';
import { lastUpdateText } from './system-display.ts';

export const SOFTWARE_DIALOG_TITLE = 'Software Version Info';

/** What the popup shows: loading, the failure (spec reports §8: stops loading, stores the error) or the versions. */
export type SoftwareVersionsState =
  { status: 'loading' } | { status: 'error' } | { status: 'success'; versions: SoftwareVersionsResponse };

export interface SoftwareVersionsDialogProps {
  serialNumber: string;
  state: SoftwareVersionsState;
  onClose: () => void;
}

function Versions({ versions }: { versions: SoftwareVersionsResponse }): JSX.Element {
  return (
    <>
      <dl className="systems-analysis__software-summary">
        <div>
          <dt>App</dt>
          <dd>{versions.appName}</dd>
        </div>
        <div>
          <dt>Global software version</dt>
          <dd>{versions.globalSoftwareVersion ?? '--'}</dd>
        </div>
        <div>
          <dt>Last update</dt>
          <dd>{lastUpdateText(versions.globalSoftwareLastUpdate)}</dd>
        </div>
      </dl>
      <table className="systems-analysis__software-table">
        <caption>Component versions</caption>
        <thead>
          <tr>
            <th scope="col">Component</th>
            <th scope="col">Version</th>
          </tr>
        </thead>
        <tbody>
          {versions.componentVersions.map((entry) => (
            <tr key={entry.component}>
              <td>{entry.component}</td>
              <td>{entry.version}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The Software Version Info popup of one system (spec reports §2, §3 Software version). */
export function SoftwareVersionsDialog({ serialNumber, state, onClose }: SoftwareVersionsDialogProps): JSX.Element {
  return (
    <Dialog
      header={`${SOFTWARE_DIALOG_TITLE}: ${serialNumber}`}
      visible
      onHide={onClose}
      className="systems-analysis__dialog"
    >
      {state.status === 'loading' && (
        <div role="status" className="systems-analysis__dialog-loading">
          <ProgressSpinner strokeWidth="4" aria-hidden="true" />
          <span>Loading...</span>
        </div>
      )}
      {state.status === 'error' && (
        <p role="alert" className="systems-analysis__error">
          {PANEL_ERROR_TEXT}
        </p>
      )}
      {state.status === 'success' && <Versions versions={state.versions} />}
    </Dialog>
  );
}
