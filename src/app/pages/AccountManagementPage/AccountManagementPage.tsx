import { Suspense, useEffect, useMemo, useState, type JSX } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { profileDataQueryOptions } from '../../../api/profile-data.ts';
import { useScopeData } from '../../../api/scope-data.ts';
import { isEmailInUse, saveUser, useDeleteUser, useUsers } from '../../../api/users-admin.ts';
import { lazyWithRetry } from '../../../runtime/lazy-with-retry.ts';
import type { ListedUser, UserSave } from '../../../shared/contract/users.contract.ts';
import { useSession } from '../../auth/SessionProvider.tsx';
import { notifications } from '../../notifications/notification.service.ts';
import { useMediaQuery } from '../../use-media-query.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { AccountManagementView } from './AccountManagementView.tsx';
import { fullName } from './UsersTable.tsx';
import { buildScopeTree } from './scope-tree.model.ts';
import { useUserAccess } from './use-user-access.ts';
import { userModalMachine, userModalView, type UserSaveFailure } from './user-modal.machine.ts';
import './AccountManagementPage.css';

// The modal (PrimeReact Dialog, Tree, switches) opens only after a click: it loads then (docs/architecture.md budgets).
const UserModal = lazyWithRetry(() => import('./UserModal.tsx').then((module) => ({ default: module.UserModal })));
const CaptchaStep = lazyWithRetry(() =>
  import('./CaptchaStep.tsx').then((module) => ({ default: module.CaptchaStep })),
);

/** Spec shell §9: the search box is hidden under 500 px. */
export const SEARCH_QUERY = '(min-width: 500px)';

/**
 * /users (spec shell §2 "Account Management page", Admin only): the tenant's users, the user modal (create, edit,
 * duplicate), delete with a yes/no confirmation, and each row's reset password and send invitation; a password reset
 * that needs a captcha shows the captcha step in place of the page.
 */
export function AccountManagementPage(): JSX.Element {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const users = useUsers(search);
  const everyone = useUsers();
  const { claims } = useSession();
  const self = everyone.data?.find((user) => user.id === claims?.sub);
  const adminScope = useMemo(
    () =>
      self === undefined ? null : { customerIds: self.customerIds, siteIds: self.siteIds, systemIds: self.systemIds },
    [self],
  );
  const scopeData = useScopeData();
  const tree = useMemo(() => (scopeData === undefined ? [] : buildScopeTree(scopeData)), [scopeData]);
  const showSearch = useMediaQuery(SEARCH_QUERY);
  const remove = useDeleteUser();
  const [deleting, setDeleting] = useState<ListedUser | null>(null);
  const access = useUserAccess();

  const modal = useActorRef(
    userModalMachine.provide({
      actors: {
        saveUser: fromPromise<ListedUser, UserSave>(async ({ input }) => {
          try {
            const saved = await saveUser(input);
            await queryClient.invalidateQueries({ queryKey: ['users', 'extended'] });
            // The admin saved themselves, perhaps with a new picture: the header's avatar reads profile-data again.
            const self = queryClient.getQueryData(profileDataQueryOptions().queryKey);
            if (saved.id === self?.id)
              await queryClient.invalidateQueries({ queryKey: profileDataQueryOptions().queryKey });
            return saved;
          } catch (error) {
            const failure: UserSaveFailure = { emailInUse: isEmailInUse(error) };
            throw failure;
          }
        }),
      },
    }),
  );
  const view = useSelector(modal, userModalView);
  useEffect(() => {
    const subscription = modal.on('user.saved', () => notifications.success(t('accounts.toast.saved')));
    return () => subscription.unsubscribe();
  }, [modal, t]);

  const confirmDelete = (user: ListedUser) =>
    remove.mutate(user.id, {
      onSuccess: () => notifications.success(t('accounts.toast.deleted')),
      onSettled: () => setDeleting(null),
    });

  if (access.captchaUserId !== null) {
    return (
      <Suspense fallback={null}>
        <CaptchaStep userId={access.captchaUserId} onDone={access.captchaDone} onCancel={access.captchaCancelled} />
      </Suspense>
    );
  }

  const lastSaved = view.lastSavedUser;
  return (
    <AccountManagementView
      users={users.data}
      scopeLoaded={scopeData !== undefined}
      showSearch={showSearch}
      search={search}
      onSearch={setSearch}
      onAdd={() => modal.send({ type: 'modal.create' })}
      onEdit={(user) => modal.send({ type: 'modal.edit', user })}
      onDuplicate={(user) => modal.send({ type: 'modal.duplicate', user })}
      onDelete={setDeleting}
      onResetPassword={(user) => access.resetPassword(user.id)}
      onSendInvitation={(user) => access.sendInvitation(user.id)}
    >
      {view.open && (
        <Suspense fallback={null}>
          <UserModal
            view={view}
            tree={tree}
            adminScope={adminScope}
            onChange={(changes, field) =>
              modal.send({ type: 'form.change', changes, ...(field === undefined ? {} : { field }) })
            }
            onSave={() => modal.send({ type: 'form.save' })}
            onClose={() => modal.send({ type: 'modal.close' })}
            invitation={
              lastSaved === null
                ? null
                : { state: access.invitationState(lastSaved.id), onSend: () => access.sendInvitation(lastSaved.id) }
            }
          />
        </Suspense>
      )}
      {deleting !== null && (
        <ConfirmDialog
          header={t('accounts.deleteTitle')}
          busy={remove.isPending}
          onYes={() => confirmDelete(deleting)}
          onNo={() => setDeleting(null)}
        >
          <p>{t('accounts.deleteQuestion', { name: fullName(deleting) })}</p>
        </ConfirmDialog>
      )}
    </AccountManagementView>
  );
}
