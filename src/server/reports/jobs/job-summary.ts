import { sql } from 'kysely';
import { JOB_SIZES, PRINT_MODE_NAMES, type JobSummary } from '../../../shared/contract/jobs.contract.ts';
import { inkMillilitres } from '../../../shared/kpi/jobs.ts';
import { roundPercentagesTo100 } from '../../../shared/kpi/percentages.ts';
import { JOB_DAY_COLUMNS, JOB_DAY_GROUPS, jobDayMedia, jobDaySums } from '../../ingest/measures.ts';
import { jobsHeader, type JobsContext } from './jobs-context.ts';
import { rollupRows, selection } from './job-measures.ts';

/** First day with per-job data on DTF printers (spec reports §5, §9: 'The data available starting from January 31, 2024'). */
export const DTF_PER_JOB_DATA_START = '2024-01-31';

/** The figures of one job_day group over the period. */
interface GroupFigures {
  numberOfJobs: number;
  numberOfImpressions: number;
  totalInk: number;
  totalTime: number;
  filmLength: number;
  widestMm: number;
}

/**
 * job_day summed over the period and the selected systems, per group (size category or print mode): the period's whole
 * local months from job_month (a year is 12 rows a system instead of 365), the other days from job_day.
 */
async function loadGroups(context: JobsContext): Promise<Map<string, GroupFigures>> {
  const widest = new Set(JOB_DAY_GROUPS.map((group) => jobDayMedia(group).widest));
  const columns = JOB_DAY_COLUMNS.map((column) =>
    widest.has(column) ? `coalesce(max(j.${column}), 0) AS ${column}` : `coalesce(sum(j.${column}), 0) AS ${column}`,
  );
  const { rows } = await sql<Record<string, string | number>>`
    WITH sel AS (${selection(context)})
    SELECT ${sql.raw(columns.join(', '))}
    FROM (${rollupRows('job', context, context.period, null, true)}) j`.execute(context.db);
  const row = rows[0] ?? {};
  const value = (column: string) => Number(row[column] ?? 0);
  return new Map(
    JOB_DAY_GROUPS.map((group) => {
      const [jobs = '', impressions = '', ink = '', seconds = ''] = jobDaySums(group);
      const media = jobDayMedia(group);
      return [
        group,
        {
          numberOfJobs: value(jobs),
          numberOfImpressions: value(impressions),
          totalInk: inkMillilitres(value(ink)),
          totalTime: value(seconds),
          filmLength: value(media.length) / 1000,
          widestMm: value(media.widest),
        },
      ];
    }),
  );
}

const NONE: GroupFigures = {
  numberOfJobs: 0,
  numberOfImpressions: 0,
  totalInk: 0,
  totalTime: 0,
  filmLength: 0,
  widestMm: 0,
};

function sumFigures(figures: readonly GroupFigures[]): GroupFigures {
  return figures.reduce(
    (sum, next) => ({
      numberOfJobs: sum.numberOfJobs + next.numberOfJobs,
      numberOfImpressions: sum.numberOfImpressions + next.numberOfImpressions,
      totalInk: sum.totalInk + next.totalInk,
      totalTime: sum.totalTime + next.totalTime,
      filmLength: sum.filmLength + next.filmLength,
      widestMm: Math.max(sum.widestMm, next.widestMm),
    }),
    NONE,
  );
}

const shown = ({ widestMm: _widest, ...figures }: GroupFigures) => figures;

/**
 * job-summary: Small, Medium, Large and Total with their share of production (impressions; film length for DTF),
 * the size cards, and for DTF the print modes and the film summary (spec reports §2, §3 "Job summary").
 */
export async function jobSummary(context: JobsContext): Promise<JobSummary> {
  const groups = context.systems.length === 0 ? new Map<string, GroupFigures>() : await loadGroups(context);
  const isDtf = context.group === 'DTF';
  const production = (figures: GroupFigures) => (isDtf ? figures.filmLength : figures.numberOfImpressions);
  const sizes = JOB_SIZES.map((size) => ({ size, figures: groups.get(size.toLowerCase()) ?? NONE }));
  const total = sumFigures(sizes.map((entry) => entry.figures));
  const sizeShares = roundPercentagesTo100(sizes.map((entry) => production(entry.figures)));
  const modes = PRINT_MODE_NAMES.map((modeName, mode) => ({
    mode,
    modeName,
    figures: groups.get(`mode_${mode}`) ?? NONE,
  }));
  const modeShares = roundPercentagesTo100(modes.map((entry) => production(entry.figures)));
  return {
    ...jobsHeader(context),
    hasNoData: total.numberOfJobs === 0,
    isPartialData: isDtf && context.period.startDay < DTF_PER_JOB_DATA_START,
    jobSummaryData: [
      ...sizes.map((entry, index) => ({
        sizeCategory: entry.size,
        ...shown(entry.figures),
        percent: sizeShares[index] ?? 0,
      })),
      { sizeCategory: 'Total' as const, ...shown(total), percent: production(total) > 0 ? 100 : 0 },
    ],
    jobSummaryDataShort: sizes.map((entry) => ({
      sizeCategory: entry.size,
      numberOfImpressions: entry.figures.numberOfImpressions,
    })),
    printModes: isDtf
      ? modes.map((entry, index) => ({
          mode: entry.mode,
          modeName: entry.modeName,
          ...shown(entry.figures),
          percent: modeShares[index] ?? 0,
        }))
      : [],
    dtFilmData: isDtf
      ? { ...shown(total), widestMediaWidthMm: total.widestMm > 0 ? total.widestMm : null, units: 'm' }
      : null,
  };
}
