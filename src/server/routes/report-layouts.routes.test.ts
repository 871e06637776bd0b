import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../shared/auth/roles.ts';
import type { ReportLayoutAnswer } from '../../shared/contract/report-layouts.contract.ts';
import { openLayoutStore, type LayoutStore } from '../layouts/layout-store.ts';
import { createApiTestHarness, type ApiTestHarness, type TestIdentity } from '../testing/api-test-harness.ts';

const TENANT = 'tenant-layouts';
const viewer: TestIdentity = { sub: 'layout-viewer', tenantId: TENANT, roles: [] };
const admin: TestIdentity = { sub: 'layout-admin', tenantId: TENANT, roles: [ROLE.Admin] };

let h: ApiTestHarness;
let layouts: LayoutStore;
let dir = '';
let overviewText = '';
const overviewFile = () => path.join(dir, 'overview.json');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'report-layouts-'));
  await cp('layouts/overview.json', overviewFile());
  await cp('layouts/jobs.json', path.join(dir, 'jobs.json'));
  overviewText = await readFile(overviewFile(), 'utf8');
  layouts = await openLayoutStore(dir);
  h = await createApiTestHarness({ layouts });
});

afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

async function get(layoutId: string, who: TestIdentity | null, ifNoneMatch?: string) {
  return h.app.inject({
    method: 'GET',
    url: `/api/report-layouts/${layoutId}`,
    headers: {
      ...(who === null ? {} : { authorization: await h.bearer(who) }),
      ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
    },
  });
}

/** Writes the overview's file and lets the store read it, as its watcher would. */
async function saveOverview(text: string): Promise<void> {
  await writeFile(overviewFile(), text);
  await layouts.reload();
}

describe('GET /api/report-layouts/{layoutId}', () => {
  it('answers the layout as its file holds it, with an entity tag the browser revalidates', async () => {
    const response = await get('overview', viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReportLayoutAnswer>()).toEqual({ layout: JSON.parse(overviewText) });
    expect(response.headers['etag']).toMatch(/^"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers 304 without a body while the layout is unchanged, and 200 with a new tag once it changed', async () => {
    const tag = String((await get('overview', viewer)).headers['etag']);
    const unchanged = await get('overview', viewer, tag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await get('overview', viewer, `W/"other", ${tag}`)).statusCode).toBe(304);

    await saveOverview(
      overviewText.replace('"title": { "key": "layouts.overview.title" }', '"title": "Overview, moved"'),
    );
    const changed = await get('overview', viewer, tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ReportLayoutAnswer>().layout.title).toBe('Overview, moved');
    expect(changed.headers['etag']).not.toBe(tag);
  });

  it('keeps the last valid layout for an invalid edit, and shows its problems to admins only', async () => {
    const valid = await get('overview', viewer);
    const tag = String(valid.headers['etag']);
    const broken = overviewText.replace('"kind": "kpi-card"', '"kind": "kpi-crad"');
    await saveOverview(broken);
    const line = broken.split('\n').findIndex((text) => text.includes('"kpi-crad"')) + 1;

    expect((await get('overview', viewer, tag)).statusCode).toBe(304);
    const seen = await get('overview', admin, tag);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<ReportLayoutAnswer>()).toEqual({
      layout: valid.json<ReportLayoutAnswer>().layout,
      problems: [
        {
          file: overviewFile(),
          line,
          column: 7,
          pointer: '/panels/totalProduction/kind',
          message: "unknown panel kind 'kpi-crad'",
          suggestion: "did you mean 'kpi-card'?",
        },
      ],
    });
    expect(seen.headers['etag']).not.toBe(tag);
    expect((await get('overview', { ...viewer, isSuperUser: true })).json<ReportLayoutAnswer>().problems).toHaveLength(
      1,
    );

    await saveOverview(overviewText);
    expect((await get('overview', admin)).json<ReportLayoutAnswer>()).toEqual({ layout: JSON.parse(overviewText) });
  });

  it('answers 404 for a layout that does not exist or was removed, and 401 without a token', async () => {
    expect((await get('nope', viewer)).statusCode).toBe(404);
    expect((await get('jobs', viewer)).statusCode).toBe(200);
    await unlink(path.join(dir, 'jobs.json'));
    await layouts.reload();
    const removed = await get('jobs', viewer);
    expect(removed.statusCode).toBe(404);
    expect(removed.json<{ message: string }>().message).toBe("There is no report layout 'jobs'");
    expect((await get('overview', null)).statusCode).toBe(401);
    expect((await get('Not_An_Id', viewer)).statusCode).toBe(400);
  });
});
