import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PANEL_REGISTRY } from '../../panels/registry.ts';
import { PANEL_KINDS, PANEL_KIND_NAMES } from '../../schemas/panel-kinds.ts';

describe('panel registry and schemas', () => {
  it('registers exactly the kinds the schemas define', () => {
    expect(Object.keys(PANEL_REGISTRY).sort()).toEqual([...PANEL_KIND_NAMES].sort());
  });

  it('has one options schema file per kind, and nothing else', async () => {
    const files = (await readdir('schemas/panels')).filter((name) => name.endsWith('.schema.json')).sort();
    expect(files).toEqual(PANEL_KIND_NAMES.map((kind) => `${kind}.schema.json`).sort());
  });

  it.each(PANEL_KIND_NAMES)(
    '%s: the registry entry names its kind and takes its minimum size from the schema side',
    (kind) => {
      const definition = PANEL_REGISTRY[kind];
      expect(definition.kind).toBe(kind);
      expect(definition.minSize).toEqual(PANEL_KINDS[kind].minSize);
      expect(definition.title).not.toBe('');
      expect(definition.description).not.toBe('');
    },
  );

  it.each(PANEL_KIND_NAMES)('%s: the options schema id names its file', (kind) => {
    expect((PANEL_KINDS[kind].optionsSchema as { $id: string }).$id).toMatch(
      new RegExp(`/schemas/panels/${kind}\\.schema\\.json$`),
    );
  });

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
