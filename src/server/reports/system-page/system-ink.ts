import { sql } from 'kysely';
import type { ReportPeriod } from '../../../shared/api-types.ts';
import { INK_CHART_COLOURS } from '../../../shared/contract/jobs.contract.ts';
import type { SystemInkTable } from '../../../shared/contract/system-page.contract.ts';
import { inkMillilitres } from '../../../shared/kpi/jobs.ts';
import { localDayOf } from '../../../shared/time/local-time.ts';
import { INK_COLOURS, type InkColour } from '../../ingest/measures.ts';
import { COLOUR_PARTS } from '../jobs/job-graphs.ts';
import { periodInstants, systemHeader, type SystemPageContext } from './system-page-context.ts';

/**
 * The system page's ink table: per colour of the Jobs charts (Total, Color = cyan + magenta + yellow, black, white,
 * FOF, Softener) the ink used by the jobs that ended in the period (day rollups), the ink loaded (bottles) and the ink
 * per unit of production, in ml. Colours neither used nor loaded are dropped; Total is always listed.
 */

type Sums = Record<InkColour, number>;

/** Negative or infinite values are shown as 0 (spec reports §5). */
const shown = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

async function consumedUl(context: SystemPageContext, fromDay: string, toDay: string) {
  const sums = INK_COLOURS.map((colour) => `coalesce(sum(ink_${colour}_ul), 0)::float8 AS ${colour}`).join(', ');
  const { rows } = await sql<Sums & { impressions: number; media_length_mm: number }>`
    SELECT ${sql.raw(sums)}, coalesce(sum(impressions), 0)::float8 AS impressions,
      coalesce(sum(media_length_mm), 0)::float8 AS media_length_mm
    FROM system_day
    WHERE tenant_id = ${context.tenantId} AND system_id = ${context.system.id}
      AND local_day BETWEEN ${fromDay}::date AND ${toDay}::date`.execute(context.db);
  const [row] = rows;
  if (row === undefined) throw new Error('An aggregate without GROUP BY returns one row');
  return row;
}

async function loadedUl(context: SystemPageContext, start: number, end: number) {
  const { rows } = await sql<{ colour: InkColour; volume: number; bottles: number }>`
    SELECT colour, sum(volume_ul)::float8 AS volume, count(*)::int AS bottles
    FROM ink_loads
    WHERE tenant_id = ${context.tenantId} AND system_id = ${context.system.id}
      AND loaded_at >= ${new Date(start)} AND loaded_at < ${new Date(end)}
    GROUP BY colour`.execute(context.db);
  return rows;
}

/** GET /api/system-page-report/ink-table; `isToday`: the system's local day so far instead of the period. */
export async function systemInkTable(context: SystemPageContext, isToday: boolean): Promise<SystemInkTable> {
  const today = localDayOf(context.now, context.system.timeZone);
  const period: ReportPeriod = isToday
    ? { timeframe: 'day', startDay: today, endDay: today, startHour: 0, endHour: 23 }
    : context.period;
  const bounds = periodInstants(context, period);
  const consumed = await consumedUl(context, period.startDay, period.endDay);
  const loads = await loadedUl(context, bounds.start, Math.min(bounds.end, context.now.getTime()));
  const production = context.group === 'DTF' ? consumed.media_length_mm / 1000 : consumed.impressions;
  const rows = INK_CHART_COLOURS.map((colour) => {
    const parts = COLOUR_PARTS[colour];
    const consumedMl = inkMillilitres(parts.reduce((sum, part) => sum + consumed[part], 0));
    const partLoads = loads.filter((load) => parts.includes(load.colour));
    return {
      colorName: colour,
      consumedMl: shown(consumedMl),
      loadedMl: shown(inkMillilitres(partLoads.reduce((sum, load) => sum + Number(load.volume), 0))),
      bottlesLoaded: partLoads.reduce((sum, load) => sum + load.bottles, 0),
      perUnitMl: shown(consumedMl / production),
    };
  });
  return {
    ...systemHeader(context),
    period,
    isToday,
    perUnit: context.group === 'DTF' ? 'ml/m' : 'ml/imp',
    colorData: rows.filter((row) => row.colorName === 'Total' || row.consumedMl > 0 || row.loadedMl > 0),
  };
}
