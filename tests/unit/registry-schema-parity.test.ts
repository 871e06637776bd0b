import { readdir } from 'node:fs/promises';
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
});
