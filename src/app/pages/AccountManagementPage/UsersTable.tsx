import { useRef, type JSX } from 'react';
import { Menu } from 'primereact/menu';
import { useTranslation } from 'react-i18next';
import { ROLE } from '../../../shared/auth/roles.ts';
import type { ListedUser } from '../../../shared/contract/users.contract.ts';
import { useAvatarSrc } from '../../shell/use-avatar-src.ts';

export interface UsersTableProps {
  users: readonly ListedUser[];
  onEdit: (user: ListedUser) => void;
  onDelete: (user: ListedUser) => void;
  onDuplicate: (user: ListedUser) => void;
  onResetPassword: (user: ListedUser) => void;
  onSendInvitation: (user: ListedUser) => void;
}

export const fullName = (user: Pick<ListedUser, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`;

function UserAvatar({ user }: { user: ListedUser }) {
  const { t } = useTranslation();
  const src = useAvatarSrc(user.profilePictureUrl);
  // Spec shell §2: a star for the root user ('Root User'), else for an admin ('Admin User').
  const star = user.isRootUser
    ? t('accounts.rootUser')
    : user.permissions.includes(ROLE.Admin)
      ? t('accounts.adminUser')
      : null;
  return (
    <span className="user-avatar">
      {src === null ? (
        <span className="user-avatar__initials" aria-hidden="true">
          {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
        </span>
      ) : (
        <img className="user-avatar__image" src={src} alt="" />
      )}
      {star !== null && (
        <i
          className={`pi pi-star-fill user-avatar__star${user.isRootUser ? ' user-avatar__star--root' : ''}`}
          role="img"
          aria-label={star}
          title={star}
        />
      )}
    </span>
  );
}

/** Users the scope column names: 'All', or the count of each kind chosen. */
function ScopeText({ user }: { user: ListedUser }) {
  const { t } = useTranslation();
  const parts = [
    user.customerIds.length > 0 ? t('accounts.scopeCustomers', { count: user.customerIds.length }) : null,
    user.siteIds.length > 0 ? t('accounts.scopeSites', { count: user.siteIds.length }) : null,
    user.systemIds.length > 0 ? t('accounts.scopeSystems', { count: user.systemIds.length }) : null,
  ].filter((part) => part !== null);
  return <>{parts.length === 0 ? t('accounts.scopeAll') : parts.join(', ')}</>;
}

function RowMenu({ user, ...actions }: Omit<UsersTableProps, 'users' | 'onEdit' | 'onDelete'> & { user: ListedUser }) {
  const { t } = useTranslation();
  const menu = useRef<Menu>(null);
  return (
    <>
      <Menu
        ref={menu}
        popup
        popupAlignment="right"
        model={[
          { label: t('accounts.duplicate'), icon: 'pi pi-copy', command: () => actions.onDuplicate(user) },
          { label: t('accounts.resetPassword'), icon: 'pi pi-key', command: () => actions.onResetPassword(user) },
          {
            label: t('accounts.sendInvitation'),
            icon: 'pi pi-envelope',
            command: () => actions.onSendInvitation(user),
          },
        ]}
      />
      <button
        type="button"
        className="admin-icon-button accounts__icon-button"
        aria-label={t('accounts.moreActions', { name: fullName(user) })}
        aria-haspopup="menu"
        onClick={(event) => menu.current?.toggle(event)}
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>
    </>
  );
}

/** The users table of spec shell §2: avatar (stars), name, last name, scope, goals icon, actions. */
export function UsersTable({ users, onEdit, onDelete, ...menuActions }: UsersTableProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <table className="admin-table accounts__table">
      <thead>
        <tr>
          <th scope="col">{t('accounts.columns.avatar')}</th>
          <th scope="col">{t('accounts.columns.name')}</th>
          <th scope="col">{t('accounts.columns.lastName')}</th>
          <th scope="col">{t('accounts.columns.scope')}</th>
          <th scope="col">{t('accounts.columns.goals')}</th>
          <th scope="col">{t('accounts.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td data-label={t('accounts.columns.avatar')}>
              <UserAvatar user={user} />
            </td>
            <td data-label={t('accounts.columns.name')}>{user.firstname}</td>
            <td data-label={t('accounts.columns.lastName')}>{user.lastname}</td>
            <td data-label={t('accounts.columns.scope')}>
              <ScopeText user={user} />
            </td>
            <td data-label={t('accounts.columns.goals')}>
              {user.permissions.includes(ROLE.GoalsSetter) && (
                <i
                  className="pi pi-flag-fill accounts__goals"
                  role="img"
                  aria-label={t('accounts.goalsSetter')}
                  title={t('accounts.goalsSetter')}
                />
              )}
            </td>
            <td data-label={t('accounts.columns.actions')}>
              <span className="accounts__actions">
                <button
                  type="button"
                  className="admin-icon-button accounts__icon-button"
                  aria-label={t('accounts.editUser', { name: fullName(user) })}
                  onClick={() => onEdit(user)}
                >
                  <i className="pi pi-pencil" aria-hidden="true" />
                </button>
                {/* Spec shell §6: the root user cannot be deleted. */}
                {!user.isRootUser && (
                  <button
                    type="button"
                    className="admin-icon-button accounts__icon-button"
                    aria-label={t('accounts.deleteUser', { name: fullName(user) })}
                    onClick={() => onDelete(user)}
                  >
                    <i className="pi pi-trash" aria-hidden="true" />
                  </button>
                )}
                <RowMenu user={user} {...menuActions} />
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
