import { sql, type Kysely } from 'kysely';
import type { MachineSettings, MachineSettingsQuery } from '../../../shared/contract/system-page.contract.ts';
import { printerImageOf } from '../../../shared/printer-images.ts';
import { localTimeToInstant } from '../../../shared/time/local-time.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-errors.ts';
import { scopedSystems, type UserScope } from '../../users/current-user.ts';
import { reportPeriodOf } from '../common/report-period.ts';
import { NOT_IN_SCOPE } from './system-page-context.ts';

/**
 * The machine config (spec reports §2, §5): the latest value of each parameter a system recorded up to the end of the
 * day or week, on its site's clock, with the range the printer sent.
 */

/** A number when the JSON value is one or is text that reads as a finite number; otherwise undefined. */
export function numericOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A parameter value as shown: a number if numeric, otherwise its text; undefined when there is none (dropped). */
export function parameterValueOf(value: unknown): number | string | undefined {
  if (value === null || value === undefined) return undefined;
  return numericOf(value) ?? String(value);
}

async function deviceOf(db: Kysely<Database>, scope: UserScope, systemId: string) {
  const device = await scopedSystems(db, scope)
    .innerJoin('sites', (join) =>
      join.onRef('sites.tenant_id', '=', 'systems.tenant_id').onRef('sites.id', '=', 'systems.site_id'),
    )
    .innerJoin('models', (join) =>
      join.onRef('models.tenant_id', '=', 'systems.tenant_id').onRef('models.id', '=', 'systems.model_id'),
    )
    .where('systems.id', '=', systemId)
    .select([
      'systems.id',
      'systems.serial_number',
      'systems.nickname',
      'systems.system_group',
      'models.name as model',
      'sites.time_zone',
    ])
    .executeTakeFirst();
  if (device === undefined) throw new HttpError(404, NOT_IN_SCOPE);
  return device;
}

/** GET /api/system-data/settings; 404 when no system in the user's scope has the id. */
export async function machineSettings(
  db: Kysely<Database>,
  scope: UserScope,
  query: MachineSettingsQuery,
): Promise<MachineSettings> {
  const period = reportPeriodOf(query.day === undefined ? { week: query.week } : { day: query.day });
  const device = await deviceOf(db, scope, query.systemId);
  const end = new Date(localTimeToInstant(period.endDay, (period.endHour + 1) * 60, device.time_zone));
  const { rows } = await sql<{
    name: string;
    value: unknown;
    min_value: unknown;
    max_value: unknown;
    recorded_at: Date;
  }>`
    SELECT DISTINCT ON (name) name, value, min_value, max_value, recorded_at
    FROM machine_parameters
    WHERE tenant_id = ${scope.tenantId} AND system_id = ${device.id} AND recorded_at < ${end}
    ORDER BY name, recorded_at DESC`.execute(db);
  return {
    period,
    device: {
      id: device.id,
      name: device.serial_number,
      nickname: device.nickname,
      systemGroup: device.system_group,
      model: device.model,
      image: printerImageOf(device.system_group),
    },
    params: rows.flatMap((row) => {
      const value = parameterValueOf(row.value);
      if (value === undefined) return [];
      const min = numericOf(row.min_value);
      const max = numericOf(row.max_value);
      return [
        {
          name: row.name,
          value,
          ...(min === undefined ? {} : { min }),
          ...(max === undefined ? {} : { max }),
          recordedAt: new Date(row.recorded_at).toISOString(),
        },
      ];
    }),
  };
}
