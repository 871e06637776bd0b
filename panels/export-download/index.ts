import { definePanel } from '../../src/runtime/panel-definition.ts';
import { EXPORT_DOWNLOAD_ANSWERS, selectExportDownload } from './model.ts';
import { ExportDownloadOptionsSchema } from './options.ts';

/** The export-download kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'export-download',
  title: 'Export download',
  description:
    'A download button that checks the period first (200 ready, 204 no data, 205 too much data) and saves the XLSX the file call sends.',
  optionsSchema: ExportDownloadOptionsSchema,
  answers: EXPORT_DOWNLOAD_ANSWERS,
  minSize: { w: 3, h: 2 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectExportDownload,
  load: () => import('./ExportDownloadPanel.tsx').then((module) => module.ExportDownloadPanel),
});
