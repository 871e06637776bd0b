import { describe, expect, it } from 'vitest';
import layoutSchema from '../../../schemas/report-layout.schema.json' with { type: 'json' };
import { isLayoutTextKey, layoutTextKeysIn, layoutTextSchema, resolveLayoutTexts, textKeysOf } from './layout-text.ts';

const WORDS: Record<string, string> = {
  'layouts.overview.production': 'Produktion',
  'layouts.overview.rate': 'Aktuelle Rate',
};

describe('layout texts', () => {
  it('takes only { key: "layouts.…" } for a text key, not a table column', () => {
    expect(isLayoutTextKey({ key: 'layouts.overview.production' })).toBe(true);
    expect(isLayoutTextKey({ key: 'consumed' })).toBe(false);
    expect(isLayoutTextKey({ key: 'layouts.overview.production', label: 'x' })).toBe(false);
    expect(isLayoutTextKey('layouts.overview.production')).toBe(false);
  });

  it('finds every key of a layout with its JSON pointer', () => {
    const layout = {
      title: { key: 'layouts.overview.production' },
      panels: { a: { options: { columns: [{ key: 'consumed', label: { key: 'layouts.overview.rate' } }] } } },
    };
    expect(layoutTextKeysIn(layout)).toEqual([
      { pointer: '/title', key: 'layouts.overview.production' },
      { pointer: '/panels/a/options/columns/0/label', key: 'layouts.overview.rate' },
    ]);
  });

  it('words every key and leaves words, column keys and other values as they are', () => {
    const layout = {
      title: 'Overview',
      panels: {
        a: {
          title: { key: 'layouts.overview.production' },
          options: { labelKeys: { live: { DTF: { key: 'layouts.overview.rate' } } }, columns: [{ key: 'consumed' }] },
          w: 3,
        },
      },
    };
    expect(resolveLayoutTexts(layout, (key) => WORDS[key] ?? key)).toEqual({
      title: 'Overview',
      panels: {
        a: {
          title: 'Produktion',
          options: { labelKeys: { live: { DTF: 'Aktuelle Rate' } }, columns: [{ key: 'consumed' }] },
          w: 3,
        },
      },
    });
  });

  it("lists a texts file's keys as dotted paths", () => {
    expect(textKeysOf({ layouts: { overview: { title: 'Overview', a: { title: 'A' } } } })).toEqual([
      'layouts.overview.title',
      'layouts.overview.a.title',
    ]);
  });

  it("is the layout schema's $defs.text (one definition for the schema and the kinds' options)", () => {
    const { description: _description, ...schema } = layoutSchema.$defs.text;
    expect(schema).toEqual(layoutTextSchema());
  });
});
