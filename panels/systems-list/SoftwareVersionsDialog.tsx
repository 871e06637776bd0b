import type { JSX } from 'react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { PanelFactList, useTranslation } from '../../src/runtime/panel-sdk.ts';
import { SystemDialog } from './SystemDialog.tsx';
import type { SoftwareVersionsResponse } from '../../src/shared/api-types.ts';
import { lastUpdateText } from './system-display.ts';

/** What the popup shows: loading, the failure (spec reports §8: stops loading, stores the error) or the versions. */
export type SoftwareVersionsState =
  { status: 'loading' } | { status: 'error' } | { status: 'success'; versions: SoftwareVersionsResponse };

export interface SoftwareVersionsDialogProps {
  serialNumber: string;
  state: SoftwareVersionsState;
  onClose: () => void;
}

function Versions({ versions }: { versions: SoftwareVersionsResponse }): JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      <PanelFactList
        className="systems-analysis__software-summary"
        facts={[
          { label: t('panels.systemsList.software.app'), value: versions.appName },
          { label: t('panels.systemsList.software.globalVersion'), value: versions.globalSoftwareVersion ?? '--' },
          {
            label: t('panels.systemsList.software.lastUpdate'),
            value: lastUpdateText(versions.globalSoftwareLastUpdate, t),
          },
        ]}
      />
      <table className="systems-analysis__software-table">
        <caption>{t('panels.systemsList.software.components')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('panels.systemsList.software.component')}</th>
            <th scope="col">{t('panels.systemsList.software.version')}</th>
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
  const { t } = useTranslation();
  return (
    <SystemDialog header={t('panels.systemsList.software.titleOf', { serial: serialNumber })} onClose={onClose}>
      {state.status === 'loading' && (
        <div role="status" className="systems-analysis__dialog-loading">
          <ProgressSpinner strokeWidth="4" aria-hidden="true" />
          <span>{t('common.loading')}</span>
        </div>
      )}
      {state.status === 'error' && (
        <p role="alert" className="systems-analysis__error">
          {t('errors.reportLoadFailed')}
        </p>
      )}
      {state.status === 'success' && <Versions versions={state.versions} />}
    </SystemDialog>
  );
}
