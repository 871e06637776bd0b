import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/userAccess.json' with { type: 'json' };
import '../pages.css';
import './CaptchaStep.css';

registerArea('userAccess', texts);

/**
 * Where the captcha step is: fetching the challenge, solving it (`fraction` of the possible numbers tried), solved
 * (the reset going out with the solution), or failed.
 */
export type CaptchaPhase =
  { name: 'loading' } | { name: 'solving'; fraction: number } | { name: 'solved' } | { name: 'failed' };

export interface CaptchaStepViewProps {
  phase: CaptchaPhase;
  onCancel: () => void;
  onRetry: () => void;
}

const STATUS_KEYS = {
  loading: 'userAccess.captcha.loading',
  solving: 'userAccess.captcha.solving',
  solved: 'userAccess.captcha.sending',
} as const;

/** How far the bar is: none while the challenge loads (an indeterminate bar), full once solved. */
function progressValue(phase: CaptchaPhase): number | undefined {
  if (phase.name === 'solving') return Math.round(phase.fraction * 100);
  return phase.name === 'solved' ? 100 : undefined;
}

/** The captcha step's page (spec shell §2, §8) for one phase: why, how, the progress or the failure, the buttons. */
export function CaptchaStepView({ phase, onCancel, onRetry }: CaptchaStepViewProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <section className="page captcha-step" aria-labelledby="captcha-step-title">
      <h1 className="page__title" id="captcha-step-title">
        {t('userAccess.captcha.title')}
      </h1>
      <div className="captcha-step__card">
        <p>{t('userAccess.captcha.why')}</p>
        <p className="captcha-step__muted">{t('userAccess.captcha.how')}</p>
        {phase.name === 'failed' ? (
          <p className="captcha-step__error" role="alert">
            {t('userAccess.captcha.failed')}
          </p>
        ) : (
          <div className="captcha-step__status" role="status">
            <span>{t(STATUS_KEYS[phase.name])}</span>
            <progress aria-label={t('userAccess.captcha.progressLabel')} max={100} value={progressValue(phase)} />
          </div>
        )}
        <div className="captcha-step__actions">
          <button type="button" className="p-button p-button-outlined" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          {phase.name === 'failed' && (
            <button type="button" className="p-button" onClick={onRetry}>
              {t('userAccess.captcha.retry')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
