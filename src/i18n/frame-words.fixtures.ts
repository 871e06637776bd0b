import { registerArea, t } from './i18n.ts';
import texts from './locales/en-US/frames.json' with { type: 'json' };
import type { FrameText } from '../shared/contract/frames.ts';

registerArea('frames', texts);

/** A frame's text in en-US words, as the table panel shows it: for tests that read the spec's words. */
export function words(text: FrameText | string | undefined): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return t(text.key, text.values ?? {});
}
