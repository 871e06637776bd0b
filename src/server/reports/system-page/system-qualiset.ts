import type { SystemQualiset } from '../../../shared/contract/system-page.contract.ts';
import { periodInstants, systemHeader, type SystemPageContext } from './system-page-context.ts';

/** GET /api/system-page-report/qualiset: the Qualiset results measured in the period, latest first, and the pass rate. */
export async function systemQualiset(context: SystemPageContext): Promise<SystemQualiset> {
  const { start, end } = periodInstants(context);
  const rows = await context.db
    .selectFrom('qualiset_results')
    .where('tenant_id', '=', context.tenantId)
    .where('system_id', '=', context.system.id)
    .where('measured_at', '>=', new Date(start))
    .where('measured_at', '<', new Date(end))
    .select(['measured_at', 'test_name', 'passed', 'score'])
    .orderBy('measured_at', 'desc')
    .orderBy('test_name')
    .execute();
  const passed = rows.filter((row) => row.passed).length;
  return {
    ...systemHeader(context),
    tests: rows.length,
    passed,
    passRate: rows.length > 0 ? passed / rows.length : null,
    results: rows.map((row) => ({
      measuredAt: row.measured_at.toISOString(),
      testName: row.test_name,
      passed: row.passed,
      score: row.score === null ? null : Number(row.score),
    })),
  };
}
