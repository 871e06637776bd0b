import { useState, type JSX } from 'react';
import { usePanelCapabilities, useTranslation, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import {
  beforeDtfJobData,
  canDownload,
  downloadStateOf,
  limitText,
  rowLimitOf,
  type DownloadState,
  type ExportDownloadData,
} from './model.ts';
import type { ExportDownloadOptions } from './options.ts';
import './ExportDownloadPanel.css';

/**
 * A report download (spec reports §4, §5, §7): the check's state decides whether the button is enabled; its tooltip
 * and the status line say why. Pressing it asks for the file ('Loading...') and reports 'Report has been downloaded',
 * or no data / too much data when the file call answers 204 / 205.
 */
export function ExportDownloadPanel({
  options,
  data,
  systemGroup,
}: PanelProps<ExportDownloadOptions, ExportDownloadData>): JSX.Element {
  const { t } = useTranslation();
  const { check, download } = usePanelCapabilities().useExportFile({
    check: options.checkEndpoint,
    file: options.fileEndpoint,
  });
  // The file call's state for the check it followed; a new check (another period) starts from the check again.
  const [fileState, setFileState] = useState<{ after: typeof check; state: DownloadState } | null>(null);
  const state = fileState !== null && fileState.after === check ? fileState.state : downloadStateOf(check, 'check');
  const message = t(`panels.download.${state}`);
  // The row limit the last check told: the limit line keeps it while another period is checked.
  const [rowLimit, setRowLimit] = useState<number | undefined>(undefined);
  const checkedLimit = rowLimitOf(check);
  if (checkedLimit !== undefined && checkedLimit !== rowLimit) setRowLimit(checkedLimit);
  const limit = limitText(state, options, checkedLimit ?? rowLimit);
  const cutoff = beforeDtfJobData(systemGroup, data.period) ? t('panels.download.dtfJobData') : null;
  const start = async () => {
    setFileState({ after: check, state: 'loading' });
    setFileState({ after: check, state: downloadStateOf(await download(), 'file') });
  };
  return (
    <div className="panel-body export-download">
      <button
        type="button"
        className="panel-button"
        disabled={!canDownload(state)}
        title={message}
        onClick={() => void start()}
      >
        <i
          className={`pi ${state === 'loading' || state === 'checking' ? 'pi-spin pi-spinner' : 'pi-download'}`}
          aria-hidden="true"
        />
        {options.label ?? t('panels.download.label')}
      </button>
      <p className={`export-download__status export-download__status--${state}`} role="status">
        {message}
      </p>
      {limit !== null && <p className="export-download__limit">{limit}</p>}
      {cutoff !== null && (
        <p className="export-download__cutoff" title={cutoff}>
          <i className="pi pi-info-circle" aria-hidden="true" /> {cutoff}
        </p>
      )}
    </div>
  );
}
