import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaRequiredError, resetPassword, sendInvitation } from '../../../api/user-access.ts';
import { notifications } from '../../notifications/notification.service.ts';
import type { InvitationState } from './UserModal.tsx';

/**
 * Invitations and password resets of Account Management (spec shell §4 "Invitation", §8): a user id is pending while
 * its invitation is sent, then sent or failed (the failure recorded); a reset the server refuses without a captcha
 * names the user whose captcha step replaces the page.
 */
export function useUserAccess() {
  const { t } = useTranslation();
  const [invitations, setInvitations] = useState<ReadonlyMap<string, InvitationState>>(new Map());
  const [captchaUserId, setCaptchaUserId] = useState<string | null>(null);
  const mark = (userId: string, state: InvitationState) =>
    setInvitations((current) => new Map(current).set(userId, state));

  const invite = async (userId: string) => {
    mark(userId, 'sending');
    try {
      await sendInvitation(userId);
      mark(userId, 'sent');
      notifications.success(t('accounts.toast.invited'));
    } catch (error) {
      mark(userId, 'failed');
      console.info('Invitation not sent', error);
    }
  };

  const reset = async (userId: string) => {
    try {
      await resetPassword(userId);
      notifications.success(t('accounts.toast.passwordReset'));
    } catch (error) {
      if (error instanceof CaptchaRequiredError) setCaptchaUserId(userId);
    }
  };

  return {
    /** An invitation counts as sent only for the user it was sent to (spec shell §4). */
    invitationState: useCallback((userId: string) => invitations.get(userId) ?? 'idle', [invitations]),
    sendInvitation: (userId: string) => void invite(userId),
    resetPassword: (userId: string) => void reset(userId),
    captchaUserId,
    // Stable: the captcha step starts its proof of work again when its callbacks change.
    captchaDone: useCallback(() => {
      setCaptchaUserId(null);
      notifications.success(t('accounts.toast.passwordReset'));
    }, [t]),
    captchaCancelled: useCallback(() => setCaptchaUserId(null), []),
  };
}
