import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import layoutSchema from '../../schemas/report-layout.schema.json' with { type: 'json' };
import { REGISTERED_PANEL_KINDS, loadPanelDefinition } from '../../panels/registry.ts';
import { PANEL_KINDS, PANEL_KIND_NAMES } from '../../schemas/panel-kinds.ts';

interface OptionsSchema {
  title?: string;
  description?: string;
  additionalProperties?: boolean;
  properties?: Record<string, { description?: string }>;
}

describe('panel registry and schemas', () => {
  it('registers exactly the kinds the layout schema and the validator know', () => {
    expect([...REGISTERED_PANEL_KINDS].sort()).toEqual([...PANEL_KIND_NAMES].sort());
    expect(Object.keys(PANEL_KINDS).sort()).toEqual([...PANEL_KIND_NAMES].sort());
    expect(layoutSchema.$defs.panelKind.enum).toEqual([...PANEL_KIND_NAMES]);
  });

  it.each(PANEL_KIND_NAMES)('%s: the definition names its folder and says what it is', async (kind) => {
    // The browser's lazily loaded definition is the one the validator reads.
    const definition = await loadPanelDefinition(kind);
    expect(definition).toBe(PANEL_KINDS[kind]);
    expect(definition.kind).toBe(kind);
    expect(definition.minSize.w).toBeGreaterThanOrEqual(1);
    expect(definition.minSize.h).toBeGreaterThanOrEqual(1);
    expect(definition.title).not.toBe('');
    expect(definition.description).not.toBe('');
  });

  it.each(PANEL_KIND_NAMES)(
    '%s: the options schema is closed and describes itself and every option (what editors show)',
    (kind) => {
      const schema = PANEL_KINDS[kind].optionsSchema as OptionsSchema;
      expect(schema.title).toMatch(/ options$/);
      expect(schema.description).not.toBe('');
      expect(schema.additionalProperties).toBe(false);
      const undescribed = Object.entries(schema.properties ?? {}).filter(([, option]) => !option.description);
      expect(undescribed.map(([name]) => name)).toEqual([]);
    },
  );

  it.each(PANEL_KIND_NAMES)(
    '%s: has Loading, Empty, Error and Data stories (architecture §8; they run as tests in the storybook project)',
    async (kind) => {
      const folder = `panels/${kind}`;
      const storyFiles = (await readdir(folder)).filter((name) => name.endsWith('.stories.tsx'));
      const sources = await Promise.all(storyFiles.map((name) => readFile(`${folder}/${name}`, 'utf8')));
      const exported = new Set(
        sources.flatMap((source) => [...source.matchAll(/^export const (\w+)/gm)].map((m) => m[1])),
      );
      expect(['Loading', 'Empty', 'Error', 'Data'].filter((story) => !exported.has(story))).toEqual([]);
    },
  );
});
