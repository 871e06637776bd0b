import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoalsOptionsSchema } from '../../panels/goals/options.ts';
import { optionsModuleAsJson, panelOptionsAsJsonPlugin } from './vite-panel-options-plugin.ts';

describe("the browser build's panel options", () => {
  it("turn a kind's options.ts into its schema as a JSON literal, without TypeBox", async () => {
    const text = await optionsModuleAsJson(path.resolve('panels/goals/options.ts'));
    expect(text).not.toMatch(/typebox|import/);
    const literal = /^export const GoalsOptionsSchema = (.*);$/.exec(text)?.[1];
    expect(JSON.parse(literal ?? 'null')).toEqual(JSON.parse(JSON.stringify(GoalsOptionsSchema)));
  });

  it('load only options.ts of a kind folder, and only in the build', async () => {
    const plugin = panelOptionsAsJsonPlugin();
    expect(plugin.apply).toBe('build');
    const load = plugin.load as (id: string) => Promise<string | null> | null;
    expect(await load(path.resolve('panels/goals/model.ts'))).toBeNull();
    expect(await load(path.resolve('panels/goals/options.ts'))).toContain('export const GoalsOptionsSchema = {');
  });
});
