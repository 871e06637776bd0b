import './accounts-texts.ts';
import type { JSX, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedUser } from '../../../shared/contract/users.contract.ts';
import { LoadingScreen } from '../../LoadingScreen.tsx';
import { UsersTable, type UsersTableProps } from './UsersTable.tsx';
import '../pages.css';

export interface AccountManagementViewProps extends Omit<UsersTableProps, 'users'> {
  /** undefined while the list loads. */
  users: readonly ListedUser[] | undefined;
  /** Spec shell §2: Add user is hidden while customers, sites or systems load. */
  scopeLoaded: boolean;
  /** Spec shell §9: the search box is hidden under 500 px. */
  showSearch: boolean;
  search: string;
  onSearch: (text: string) => void;
  onAdd: () => void;
  children?: ReactNode;
}

/** The Account Management page without its data calls (spec shell §2): header, Add user, search, users table. */
export function AccountManagementView({
  users,
  scopeLoaded,
  showSearch,
  search,
  onSearch,
  onAdd,
  children,
  ...tableActions
}: AccountManagementViewProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <section className="page accounts">
      <div className="accounts__header">
        <h1 className="page__title">
          <i className="pi pi-users" aria-hidden="true" /> {t('accounts.title')}
        </h1>
        <div className="accounts__tools">
          {showSearch && (
            <span className="p-input-icon-left accounts__search">
              <i className="pi pi-search" aria-hidden="true" />
              <input
                type="search"
                className="p-inputtext"
                aria-label={t('accounts.search')}
                placeholder={t('accounts.searchPlaceholder')}
                value={search}
                onChange={(event) => onSearch(event.target.value)}
              />
            </span>
          )}
          {scopeLoaded && (
            <button type="button" className="primary-button" onClick={onAdd}>
              <i className="pi pi-user-plus" aria-hidden="true" /> {t('accounts.addUser')}
            </button>
          )}
        </div>
      </div>
      {users === undefined ? (
        <LoadingScreen />
      ) : users.length === 0 ? (
        <p className="admin-table-empty">{t('accounts.noUsers')}</p>
      ) : (
        <div className="admin-table-frame">
          <UsersTable users={users} {...tableActions} />
        </div>
      )}
      {children}
    </section>
  );
}
