/** The Settings page's texts (`locales/en-US/settings.json`), registered with the page's chunk. Import it for that effect. */
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/settings.json' with { type: 'json' };

registerArea('settings', texts);
