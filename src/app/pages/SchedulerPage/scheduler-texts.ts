/** The Scheduler page's texts (`locales/en-US/scheduler.json`), registered with the page's chunk. Import it for that effect. */
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/scheduler.json' with { type: 'json' };

registerArea('scheduler', texts);
