import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';

/**
 * The texts the server words (issue #27 item 1): card change descriptions, the active-systems line, the e-mails, the
 * identity provider's pages. They come from the browser's own catalogue (`src/i18n/locales/<language>/*.json`), read
 * from disk into an i18next instance without React, so a second language is a folder for the server too.
 */

/** The language every text exists in and the one anything else falls back to (spec shell §1, §9). */
export const DEFAULT_LANGUAGE = 'en-US';

/** The catalogue the browser bundles: one folder per language, one JSON file per area. */
export const LOCALES_DIR = fileURLToPath(new URL('../../i18n/locales/', import.meta.url));

/** One language's texts: `t` keyed like the browser's (typed keys; a key the language lacks answers in en-US). */
export interface LanguageTexts {
  /** The offered language (`Intl` formats dates and numbers in it). */
  language: string;
  t: TFunction;
}

export interface ServerTexts {
  /** The languages with a folder, en-US first. */
  languages: readonly string[];
  /** The first of `candidates` (in preference order) offered: exactly, else by its primary language ('de' → 'de-DE'); else en-US. */
  pick(candidates: readonly (string | null | undefined)[]): string;
  /** The texts of `language` (en-US when it has no folder). */
  of(language: string): LanguageTexts;
}

type Catalogue = Record<string, Record<string, unknown>>;

function readCatalogue(folders: readonly string[]): Catalogue {
  const catalogue: Catalogue = {};
  for (const folder of folders) {
    for (const language of readdirSync(folder, { withFileTypes: true })) {
      if (!language.isDirectory()) continue;
      const texts = (catalogue[language.name] ??= {});
      for (const file of readdirSync(join(folder, language.name))
        .filter((name) => name.endsWith('.json'))
        .sort()) {
        Object.assign(texts, JSON.parse(readFileSync(join(folder, language.name, file), 'utf8')) as object);
      }
    }
  }
  return catalogue;
}

/**
 * Reads the catalogue of `folders` (later folders add languages and, per area file, replace the earlier ones' top-level
 * keys): the portal reads `LOCALES_DIR`; a test may add a folder of its own language.
 */
export function loadServerTexts(folders: readonly string[] = [LOCALES_DIR]): ServerTexts {
  const catalogue = readCatalogue(folders);
  const instance = i18next.createInstance();
  void instance.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: Object.fromEntries(
      Object.entries(catalogue).map(([language, texts]) => [language, { translation: texts }]),
    ),
    initAsync: false,
    // Each page and e-mail escapes what it puts into HTML; the plain-text parts must not read '&amp;'.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const languages = [DEFAULT_LANGUAGE, ...Object.keys(catalogue).filter((language) => language !== DEFAULT_LANGUAGE)];
  const byLowerCase = new Map(languages.map((language) => [language.toLowerCase(), language]));
  const fixed = new Map<string, LanguageTexts>();
  const of = (language: string): LanguageTexts => {
    const offered = byLowerCase.get(language.toLowerCase()) ?? DEFAULT_LANGUAGE;
    let texts = fixed.get(offered);
    if (texts === undefined) {
      texts = { language: offered, t: instance.getFixedT(offered) };
      fixed.set(offered, texts);
    }
    return texts;
  };
  const pick = (candidates: readonly (string | null | undefined)[]): string => {
    const wanted = candidates.flatMap((candidate) => (candidate ? [candidate.toLowerCase()] : []));
    for (const candidate of wanted) {
      const exact = byLowerCase.get(candidate);
      if (exact !== undefined) return exact;
      const primary = candidate.split('-')[0];
      const sameLanguage = languages.find((language) => language.toLowerCase().split('-')[0] === primary);
      if (sameLanguage !== undefined) return sameLanguage;
    }
    return DEFAULT_LANGUAGE;
  };
  return { languages, pick, of };
}

const folders = [LOCALES_DIR];
let portalTexts: ServerTexts | undefined;

/** The portal's catalogue (`LOCALES_DIR` and any added folder), read once on first use. */
export function serverTexts(): ServerTexts {
  portalTexts ??= loadServerTexts(folders);
  return portalTexts;
}

/**
 * Adds a folder of languages to the portal's catalogue (read again on next use): a language the browser bundle does not
 * carry yet, e.g. a test's own (src/server/i18n/testing/locales/).
 */
export function addLocaleFolder(folder: string): void {
  folders.push(folder);
  portalTexts = undefined;
}

/** The texts of a language of the portal's catalogue (a user's saved `portalLanguage`, en-US when not offered). */
export function textsOf(language: string = DEFAULT_LANGUAGE): LanguageTexts {
  return serverTexts().of(language);
}

/**
 * The languages an `Accept-Language` header asks for, most wanted first (RFC 9110 §12.5.4: `q` weights, `*` and
 * `q=0` dropped).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (header === undefined) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const weight = parameters.map((parameter) => /^\s*q=([0-9.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
