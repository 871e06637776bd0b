/** API Management's texts (`locales/en-US/apiManagement.json`), registered with the page's chunk. Import it for that effect. */
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/apiManagement.json' with { type: 'json' };

registerArea('apiManagement', texts);
