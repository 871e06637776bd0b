import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './locales/en-US/common.json' with { type: 'json' };

/** The one language this version offers (spec §1, §9); Settings shows it, disabled. */
export const DEFAULT_LANGUAGE = 'en-US';

type AreaTexts = Record<string, unknown>;

/**
 * Every language's area files, loaded on demand: a language is a folder of files (`locales/<language>/<area>.json`,
 * the same file names and keys as en-US), not code. en-US areas arrive with their code (`registerArea`), so the entry
 * carries only the shell's texts and each page's texts travel in its own chunk.
 */
// en-US's common.json is imported above, with the entry: not a lazy file as well (the bundler would warn).
const areaFiles = import.meta.glob<AreaTexts>(['./locales/*/*.json', '!./locales/en-US/common.json'], {
  import: 'default',
});

/** The portal's i18next instance, initialised synchronously with the shell's texts so the first render has them. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { [DEFAULT_LANGUAGE]: { translation: common } },
  initAsync: false,
  // React escapes what it renders; escaping here too would show '&amp;'.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { bindI18nStore: 'added' },
});

async function loadArea(language: string, area: string): Promise<void> {
  const load = areaFiles[`./locales/${language}/${area}.json`];
  if (load === undefined) return;
  i18n.addResourceBundle(language, 'translation', await load(), true, true);
}

/**
 * Adds an area's en-US texts (imported beside the area's code) and, when another language is chosen, loads that
 * language's file of the same area; components re-render when it arrives. Idempotent.
 */
export function registerArea(area: string, enUSTexts: AreaTexts): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', enUSTexts, true, false);
  loadedTextAreas.add(`${DEFAULT_LANGUAGE}/${area}`);
  if (i18n.language !== DEFAULT_LANGUAGE) void loadArea(i18n.language, area);
}

/**
 * Loads an area whose texts travel in a chunk of their own rather than with code (the layouts' texts, `layouts.json`:
 * every report's, so no report route carries them all): en-US, and the current language's when another is chosen.
 */
export async function loadTextsArea(area: string): Promise<void> {
  await Promise.all(
    textLanguages()
      .filter((language) => !loadedTextAreas.has(`${language}/${area}`))
      .map(async (language) => {
        await loadArea(language, area);
        loadedTextAreas.add(`${language}/${area}`);
      }),
  );
}

/** Whether an area's texts are here in en-US and the current language (loaded, or registered with its code). */
export function textsAreaLoaded(area: string): boolean {
  return textLanguages().every((language) => loadedTextAreas.has(`${language}/${area}`));
}

function textLanguages(): string[] {
  return i18n.language === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [DEFAULT_LANGUAGE, i18n.language];
}

/** The areas here, by language (`en-US/layouts`): `loadTextsArea` loads each once (a load re-renders every text). */
const loadedTextAreas = new Set<string>();

/** Switches language: loads every area file of it, then changes. en-US is always complete. */
export async function changeLanguage(language: string): Promise<void> {
  const prefix = `./locales/${language}/`;
  await Promise.all(
    Object.keys(areaFiles)
      .filter((file) => file.startsWith(prefix))
      .map((file) => loadArea(language, file.slice(prefix.length, -'.json'.length))),
  );
  await i18n.changeLanguage(language);
}

/** Text lookup outside React (notifications, error catalogue, document titles); components use `useTranslation()`. */
export const t = i18n.t.bind(i18n);
