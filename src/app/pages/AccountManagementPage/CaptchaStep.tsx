import { useEffect, useEffectEvent, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { registerArea } from '../../../i18n/i18n.ts';
import texts from '../../../i18n/locales/en-US/userAccess.json' with { type: 'json' };
import { resetPassword, solveCaptcha } from '../../../api/user-access.ts';
import './CaptchaStep.css';

registerArea('userAccess', texts);

export interface CaptchaStepProps {
  /** The user whose password reset asked for a captcha. */
  userId: string;
  /** The reset went out with a solved captcha. */
  onDone: () => void;
  /** The admin gave up: back to the list, no reset sent. */
  onCancel: () => void;
}

type Phase = { name: 'solving'; fraction: number } | { name: 'sending' } | { name: 'failed' };

/**
 * One attempt: solve a challenge, then send the reset with the solution; `report` hears each phase. After `cancel()`
 * (a new attempt, or the step left) it reports nothing and sends no reset.
 */
function startAttempt(userId: string, report: (phase: Phase | 'done') => void): { cancel(): void } {
  let cancelled = false;
  const tell = (phase: Phase | 'done') => {
    if (!cancelled) report(phase);
  };
  void (async () => {
    try {
      const token = await solveCaptcha((fraction) => tell({ name: 'solving', fraction }));
      if (cancelled) return;
      tell({ name: 'sending' });
      await resetPassword(userId, token);
      tell('done');
    } catch (error) {
      console.info('Captcha step failed', error);
      tell({ name: 'failed' });
    }
  })();
  return {
    cancel: () => {
      cancelled = true;
    },
  };
}

/**
 * The captcha step that replaces Account Management when a password reset needs one (spec shell §2, §8; issue #28):
 * says why, runs the proof of work in the browser with its progress, then sends the reset again with the solution.
 * A failure (no solution, a refused or reused one, the network) offers another try.
 */
export function CaptchaStep({ userId, onDone, onCancel }: CaptchaStepProps): JSX.Element {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'solving', fraction: 0 });
  const [attempt, setAttempt] = useState(0);

  // The page may pass a new onDone on every render: that must not restart the attempt.
  const report = useEffectEvent((next: Phase | 'done') => (next === 'done' ? onDone() : setPhase(next)));
  useEffect(() => {
    const running = startAttempt(userId, report);
    return () => running.cancel();
  }, [userId, attempt]);

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
            <span>{phase.name === 'solving' ? t('userAccess.captcha.solving') : t('userAccess.captcha.sending')}</span>
            <progress
              aria-label={t('userAccess.captcha.progressLabel')}
              max={100}
              value={phase.name === 'solving' ? Math.round(phase.fraction * 100) : 100}
            />
          </div>
        )}
        <div className="captcha-step__actions">
          <button type="button" className="p-button p-button-outlined" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          {phase.name === 'failed' && (
            <button
              type="button"
              className="p-button"
              onClick={() => {
                setPhase({ name: 'solving', fraction: 0 });
                setAttempt((count) => count + 1);
              }}
            >
              {t('userAccess.captcha.retry')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
