import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLayoutIssue } from '../../shared/layout/validate-layout.ts';
import { checkLayouts } from './check-layouts.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A layouts folder holding one of the portal's layouts with one edit; the edit's line (1-based). */
async function layoutWith(name: string, from: string, to: string): Promise<{ dir: string; line: number }> {
  const text = await readFile(path.join('layouts', name), 'utf8');
  expect(text).toContain(from);
  const edited = text.replace(from, to);
  const dir = await mkdtemp(path.join(tmpdir(), 'layouts-check-'));
  dirs.push(dir);
  await writeFile(path.join(dir, name), edited);
  return { dir, line: edited.slice(0, edited.indexOf(to)).split('\n').length };
}

describe('npm run layouts:check (checkLayouts)', () => {
  it('passes the portal’s own layouts', async () => {
    const { errors, files } = await checkLayouts(['layouts']);
    expect(files).toBeGreaterThan(0);
    expect(errors.map(formatLayoutIssue)).toEqual([]);
  });

  it("reports an option of the wrong type at its pointer and line, with the value of the option's type", async () => {
    // The ink table written only in the layout (docs/layout-authoring.md's worked example): decimals in quotes.
    const { dir, line } = await layoutWith('service-ticket.json', '"decimals": 0', '"decimals": "0"');
    const { errors } = await checkLayouts([dir]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      pointer: '/panels/ink/options/columns/1/decimals',
      line,
      suggestion: 'did you mean 0?',
    });
    expect(formatLayoutIssue(errors[0]!)).toMatch(
      /: \/panels\/ink\/options\/columns\/1\/decimals: must be integer, not string '0' \(did you mean 0\?\)$/,
    );
  });

  it('suggests the list for one value written where the option takes a list', async () => {
    const { dir } = await layoutWith('overview.json', '"goals": ["weekly", "yearly"]', '"goals": "weekly"');
    const { errors } = await checkLayouts([dir]);
    expect(errors.map((error) => [error.pointer, error.message, error.suggestion])).toEqual([
      ['/panels/goals/options/goals', "must be array, not string 'weekly'", 'did you mean ["weekly"]?'],
    ]);
  });
});
