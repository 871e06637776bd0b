import { definePanel } from '../../src/runtime/panel-definition.ts';
import { JOB_SUMMARY_ANSWERS, selectJobSummary } from './model.ts';
import { JobSummaryOptionsSchema } from './options.ts';

/** The job-summary kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: 'job-summary',
  title: 'Job summary',
  description:
    'DTG size cards (a pair per size), Apollo size-category cards, DTF print-mode cards with BySize/ByPrintType pages and the film summary; the selection filters the filtered calls.',
  optionsSchema: JobSummaryOptionsSchema,
  answers: JOB_SUMMARY_ANSWERS,
  // 4 rows hold Apollo's one row of size cards; DTG's pairs and DTF's pages and film summary are placed taller.
  minSize: { w: 4, h: 4 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: selectJobSummary,
  load: () => import('./JobSummaryPanel.tsx').then((module) => module.JobSummaryPanel),
});
