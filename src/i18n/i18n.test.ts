import { describe, expect, it } from 'vitest';
import { changeLanguage, DEFAULT_LANGUAGE, i18n, loadTextsArea, registerArea, t } from './i18n.ts';

const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix === '' ? key : `${prefix}.${key}`));
}

function filesOf(language: string): Map<string, Record<string, unknown>> {
  const prefix = `./locales/${language}/`;
  return new Map(
    Object.entries(files)
      .filter(([file]) => file.startsWith(prefix))
      .map(([file, texts]) => [file.slice(prefix.length), texts]),
  );
}

describe('i18n', () => {
  it('answers the spec’s validation keys in en-US with their interpolations', () => {
    expect(t('validation.required')).toBe('Required');
    expect(t('validation.mustBeMaxChars', { max: 100 })).toBe('Must be 100 characters or less');
    expect(t('validation.mustBeMaxEigthNumbers')).toBe('Must be lower than 10M');
  });

  it('gives no two en-US area files the same top-level key', () => {
    const owners = new Map<string, string>();
    for (const [file, texts] of filesOf(DEFAULT_LANGUAGE)) {
      for (const key of Object.keys(texts)) {
        expect(owners.get(key), `${key} in ${file}`).toBeUndefined();
        owners.set(key, file);
      }
    }
  });

  it('gives every other language the same files and keys as en-US', () => {
    const reference = filesOf(DEFAULT_LANGUAGE);
    const languages = new Set(Object.keys(files).map((file) => file.split('/')[2]));
    for (const language of languages) {
      if (language === undefined || language === DEFAULT_LANGUAGE) continue;
      const translated = filesOf(language);
      expect([...translated.keys()].sort(), language).toEqual([...reference.keys()].sort());
      for (const [file, texts] of reference) {
        expect(keyPaths(translated.get(file)).sort(), `${language}/${file}`).toEqual(keyPaths(texts).sort());
      }
    }
  });

  it('loads an area that travels without code (the layouts’ texts) in en-US and the chosen language', async () => {
    expect(i18n.exists('layouts.overview.title')).toBe(false);
    await loadTextsArea('layouts');
    expect(i18n.t('layouts.overview.title')).toBe('Overview');
  });

  it('loads a registered area of another language when that language is chosen', async () => {
    i18n.addResourceBundle('de-DE', 'translation', { common: { cancel: 'Abbrechen' } }, true, true);
    registerArea('test-area', { testArea: { title: 'Title' } });
    await changeLanguage('de-DE');
    expect(t('common.cancel')).toBe('Abbrechen');
    // Missing in that language: en-US answers.
    expect(i18n.t('testArea.title' as never)).toBe('Title');
    await changeLanguage(DEFAULT_LANGUAGE);
    expect(t('common.cancel')).toBe('Cancel');
  });
});
