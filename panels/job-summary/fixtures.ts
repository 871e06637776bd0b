import { JOBS_WEEK } from '../../src/shared/contract/jobs.fixture.ts';
import type { JobSummaryAnswer } from './model.ts';
import type { JobSummaryOptions } from './options.ts';

/** Options as layouts/jobs.json gives them. */
export const JOB_SUMMARY_OPTIONS: JobSummaryOptions = { dtfPage: 'BySize' };

const figures = (jobs: number, impressions: number, ink: number, time: number, film: number, percent: number) => ({
  numberOfJobs: jobs,
  numberOfImpressions: impressions,
  totalInk: ink,
  totalTime: time,
  filmLength: film,
  percent,
});

/** DTG: Small and Medium jobs, no Large ones (its cards cannot be selected). */
export const DTG_SUMMARY: JobSummaryAnswer = {
  ...JOBS_WEEK,
  systemGroup: 'DTG',
  hasNoData: false,
  isPartialData: false,
  jobSummaryData: [
    { sizeCategory: 'Small', ...figures(120, 1_200, 3_400, 36_000, 0, 60) },
    { sizeCategory: 'Medium', ...figures(80, 800, 4_100, 28_800, 0, 40) },
    { sizeCategory: 'Large', ...figures(0, 0, 0, 0, 0, 0) },
    { sizeCategory: 'Total', ...figures(200, 2_000, 7_500, 64_800, 0, 100) },
  ],
  jobSummaryDataShort: [
    { sizeCategory: 'Small', numberOfImpressions: 1_200 },
    { sizeCategory: 'Medium', numberOfImpressions: 800 },
    { sizeCategory: 'Large', numberOfImpressions: 0 },
  ],
  printModes: [],
  dtFilmData: null,
};

/** Apollo: no Small impressions. */
export const APOLLO_SUMMARY: JobSummaryAnswer = {
  ...DTG_SUMMARY,
  systemGroup: 'Apollo',
  jobSummaryDataShort: [
    { sizeCategory: 'Small', numberOfImpressions: 0 },
    { sizeCategory: 'Medium', numberOfImpressions: 5_400 },
    { sizeCategory: 'Large', numberOfImpressions: 2_100 },
  ],
};

/** DTF: print modes, the film summary, and a period that begins before the per-job data start. */
export const DTF_SUMMARY: JobSummaryAnswer = {
  ...JOBS_WEEK,
  systemGroup: 'DTF',
  hasNoData: false,
  isPartialData: true,
  jobSummaryData: [
    { sizeCategory: 'Small', ...figures(40, 40, 900, 7_200, 120, 20) },
    { sizeCategory: 'Medium', ...figures(30, 30, 1_800, 9_000, 280, 47) },
    { sizeCategory: 'Large', ...figures(10, 10, 1_500, 6_000, 200, 33) },
    { sizeCategory: 'Total', ...figures(80, 80, 4_200, 22_200, 600, 100) },
  ],
  jobSummaryDataShort: [],
  printModes: [
    { mode: 0, modeName: 'Production', ...figures(50, 50, 2_000, 12_000, 350, 58) },
    { mode: 1, modeName: 'ProdSolid', ...figures(10, 10, 600, 3_000, 90, 15) },
    { mode: 2, modeName: 'Quality', ...figures(15, 15, 1_100, 5_000, 120, 20) },
    { mode: 3, modeName: 'QualitySolid', ...figures(5, 5, 500, 2_200, 40, 7) },
  ],
  dtFilmData: { ...figures(80, 80, 4_200, 22_200, 600, 0), widestMediaWidthMm: 600, units: 'm' },
};

/** No job ended in the period. */
export const EMPTY_SUMMARY: JobSummaryAnswer = {
  ...DTG_SUMMARY,
  hasNoData: true,
  jobSummaryData: [],
  jobSummaryDataShort: [],
};
