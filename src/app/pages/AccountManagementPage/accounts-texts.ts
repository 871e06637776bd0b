/**
 * Account Management's texts (`locales/en-US/accounts.json`: `accounts.*`, `userAvatarUpload.*`), registered when a
 * module that shows them loads: with the page's chunks, never the entry. Import it for that effect.
 */
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/accounts.json' with { type: 'json' };

registerArea('accounts', texts);
