import { useEffect, useEffectEvent, useState, type JSX } from 'react';
import { resetPassword, solveCaptcha } from '../../../api/user-access.ts';
import { CaptchaStepView, type CaptchaPhase } from './CaptchaStepView.tsx';

export interface CaptchaStepProps {
  /** The user whose password reset asked for a captcha. */
  userId: string;
  /** The reset went out with a solved captcha. */
  onDone: () => void;
  /** The admin gave up: back to the list, no reset sent. */
  onCancel: () => void;
}

/**
 * One attempt: fetch and solve a challenge, then send the reset with the solution; `report` hears each phase. After
 * `cancel()` (a new attempt, or the step left) it reports nothing and sends no reset.
 */
function startAttempt(userId: string, report: (phase: CaptchaPhase | 'done') => void): { cancel(): void } {
  let cancelled = false;
  const tell = (phase: CaptchaPhase | 'done') => {
    if (!cancelled) report(phase);
  };
  void (async () => {
    try {
      const token = await solveCaptcha((fraction) => tell({ name: 'solving', fraction }));
      if (cancelled) return;
      tell({ name: 'solved' });
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
  const [phase, setPhase] = useState<CaptchaPhase>({ name: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // The page may pass a new onDone on every render: that must not restart the attempt.
  const report = useEffectEvent((next: CaptchaPhase | 'done') => (next === 'done' ? onDone() : setPhase(next)));
  useEffect(() => {
    const running = startAttempt(userId, report);
    return () => running.cancel();
  }, [userId, attempt]);

  return (
    <CaptchaStepView
      phase={phase}
      onCancel={onCancel}
      onRetry={() => {
        setPhase({ name: 'loading' });
        setAttempt((count) => count + 1);
      }}
    />
  );
}
