import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCUMENT_PATHS } from '../navigation/paths.ts';
import './consent.css';

/** Fade duration and the delay before the prompt appears (spec shell §4, §9). */
export const COOKIES_PROMPT_FADE_MS = 500;

type Phase = 'waiting' | 'shown' | 'leaving' | 'gone';

/**
 * The cookies notice at the bottom (spec shell §2, §4): fades in after 0.5 s; the close mark fades it out,
 * hides it after 0.5 s and then calls onDismissed (which records the agreement version).
 */
export function CookiesPrompt({ onDismissed }: { onDismissed: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('waiting');

  useEffect(() => {
    if (phase === 'waiting') {
      const timer = window.setTimeout(() => setPhase('shown'), COOKIES_PROMPT_FADE_MS);
      return () => window.clearTimeout(timer);
    }
    if (phase === 'leaving') {
      const timer = window.setTimeout(() => {
        setPhase('gone');
        onDismissed();
      }, COOKIES_PROMPT_FADE_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [phase, onDismissed]);

  if (phase === 'waiting' || phase === 'gone') return null;
  return (
    <section
      className={`cookies-prompt ${phase === 'leaving' ? 'cookies-prompt--leaving' : 'cookies-prompt--entering'}`}
      aria-label={t('consent.cookiesNotice')}
    >
      <i className="pi pi-info-circle cookies-prompt__icon" aria-hidden="true" />
      <p>
        <Trans i18nKey="consent.cookiesText" components={{ policy: <Link to={DOCUMENT_PATHS.privacyPolicy} /> }} />
      </p>
      <button
        type="button"
        className="cookies-prompt__close"
        aria-label={t('common.close')}
        onClick={() => setPhase('leaving')}
      >
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </section>
  );
}
