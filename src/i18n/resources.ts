import type accounts from './locales/en-US/accounts.json';
import type apiManagement from './locales/en-US/apiManagement.json';
import type common from './locales/en-US/common.json';
import type comparison from './locales/en-US/comparison.json';
import type frames from './locales/en-US/frames.json';
import type goals from './locales/en-US/goals.json';
import type idp from './locales/en-US/idp.json';
import type layouts from './locales/en-US/layouts.json';
import type mail from './locales/en-US/mail.json';
import type panels from './locales/en-US/panels.json';
import type report from './locales/en-US/report.json';
import type reportAnswers from './locales/en-US/reportAnswers.json';
import type scheduler from './locales/en-US/scheduler.json';
import type settings from './locales/en-US/settings.json';
import type superUser from './locales/en-US/superUser.json';
import type unsubscribe from './locales/en-US/unsubscribe.json';
import type userAccess from './locales/en-US/userAccess.json';

/**
 * The shape of the en-US texts: every area file under `locales/en-US/` (one JSON file per area, its own top-level
 * keys). It types every `t('…')` key (typed-keys.d.ts), so a misspelt key fails the typecheck, and every other
 * language folder must hold the same keys (i18n.test.ts). Add an area: create `locales/en-US/<area>.json`, add its
 * type here, and register it where the area's code loads (`registerArea`, i18n.ts).
 */
export type TranslationResource = typeof common &
  typeof panels &
  typeof accounts &
  typeof report &
  typeof settings &
  typeof goals &
  typeof scheduler &
  typeof superUser &
  typeof unsubscribe &
  typeof apiManagement &
  typeof userAccess &
  typeof layouts &
  typeof frames &
  typeof comparison &
  // Worded by the server (src/server/i18n/server-texts.ts), never registered in the browser.
  typeof reportAnswers &
  typeof mail &
  typeof idp;
