import type common from './locales/en-US/common.json';

/**
 * The shape of the en-US texts: every area file under `locales/en-US/` (one JSON file per area, its own top-level
 * keys). It types every `t('…')` key (typed-keys.d.ts), so a misspelt key fails the typecheck, and every other
 * language folder must hold the same keys (i18n.test.ts). Add an area: create `locales/en-US/<area>.json`, add its
 * type here, and register it where the area's code loads (`registerArea`, i18n.ts).
 */
export type TranslationResource = typeof common;
