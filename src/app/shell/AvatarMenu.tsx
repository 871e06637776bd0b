import { Suspense, useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { lazyWithRetry } from '../../runtime/lazy-with-retry.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TieredMenu as TieredMenuHandle } from 'primereact/tieredmenu';
import type { MenuItem } from 'primereact/menuitem';
import type { PortalClaims } from '../../shared/auth/claims.ts';
import { useProfileData } from '../../api/profile-data.ts';
import { useSession } from '../auth/SessionProvider.tsx';
import { avatarMenuEntries, type AvatarMenuEntry } from './avatar-menu-entries.ts';
import { withGroup } from '../navigation/group-link.ts';
import { useSelectedGroup } from './SelectedGroupProvider.tsx';
import { AvatarInitials } from './AvatarInitials.tsx';

// The picture's code (fetching a stored picture with the bearer token) loads only for a user who has one.
const AvatarPicture = lazyWithRetry(() =>
  import('./AvatarPicture.tsx').then((module) => ({ default: module.AvatarPicture })),
);

// PrimeReact's TieredMenu loads at the first click on the avatar, not with the app (docs/architecture.md "JavaScript budgets").
const TieredMenu = lazyWithRetry(() =>
  import('primereact/tieredmenu').then((module) => ({ default: module.TieredMenu })),
);

interface MenuActions {
  open: (path: string) => void;
  logout: () => void;
  switchCustomer: () => void;
}

function toMenuItem(entry: AvatarMenuEntry, actions: MenuActions): MenuItem {
  switch (entry.kind) {
    case 'route':
      return { label: entry.label, icon: entry.icon, command: () => actions.open(entry.path) };
    case 'link':
      return { label: entry.label, icon: entry.icon, url: entry.href, target: '_blank' };
    case 'submenu':
      return { label: entry.label, icon: entry.icon, items: entry.items.map((item) => toMenuItem(item, actions)) };
    case 'separator':
      return { separator: true };
    case 'logout':
      return { label: entry.label, icon: entry.icon, command: actions.logout };
    case 'switch-customer':
      return { label: entry.label, icon: entry.icon, command: actions.switchCustomer };
  }
}

export function displayName(claims: PortalClaims, fallback: string): string {
  return `${claims.givenName} ${claims.familyName}`.trim() || claims.email || fallback;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/**
 * The signed-in user's picture: the one uploaded in Account Management (profile-data's profilePictureUrl, read again
 * when they upload a new one), else the identity provider's `picture` claim; the initials while there is none.
 */
function UserAvatar({ fallback, initials }: { fallback: string | null; initials: string }) {
  const profile = useProfileData();
  const url = profile.data === undefined ? fallback : profile.data.profilePictureUrl;
  if (url === null) return <AvatarInitials initials={initials} />;
  return (
    <Suspense fallback={<AvatarInitials initials={initials} />}>
      <AvatarPicture url={url} initials={initials} />
    </Suspense>
  );
}

/** The user's avatar button and its menu (spec shell §2 "User avatar menu"). */
export function AvatarMenu({ claims }: { claims: PortalClaims }) {
  // The labels come from the current language; re-rendered when it changes.
  const { t } = useTranslation();
  const menu = useRef<TieredMenuHandle | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  // The button clicked before the menu had loaded: the menu opens there once it has.
  const openAt = useRef<HTMLElement | null>(null);
  const attachMenu = useCallback((instance: TieredMenuHandle | null) => {
    menu.current = instance;
    if (instance !== null && openAt.current !== null) {
      instance.toggle({ currentTarget: openAt.current } as unknown as SyntheticEvent);
      openAt.current = null;
    }
  }, []);
  const navigate = useNavigate();
  const { logout, switchCustomer } = useSession();
  const { selectedGroup, userGroups } = useSelectedGroup();
  const name = displayName(claims, t('shell.user'));

  const actions: MenuActions = {
    open: (path) => navigate(withGroup(path, selectedGroup)),
    logout,
    // A super user goes back to the tenant picker; read-only users reload (spec shell §2).
    switchCustomer: claims.isSuperUser ? switchCustomer : () => window.location.reload(),
  };
  const model = avatarMenuEntries({
    roles: claims.roles,
    userGroups,
    selectedGroup,
    isSuperUser: claims.isSuperUser,
  }).map((entry) => toMenuItem(entry, actions));

  return (
    <>
      <button
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-controls="avatar-menu"
        onClick={(event) => {
          if (menu.current !== null) {
            menu.current.toggle(event);
            return;
          }
          openAt.current = event.currentTarget;
          setMenuWanted(true);
        }}
      >
        <UserAvatar fallback={claims.picture} initials={initials(name)} />
        {/* The button's name; where only the initials show it is visually hidden but still read (an aria-label would
            differ from the visible initials-and-name, WCAG 2.5.3). */}
        <span className="avatar-button__name">{name}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      {/* PrimeReact labels each menuitem <li> with aria-label = its label, but an open submenu sits inside that <li>, so
          its visible text ('Help' and the entries under it) no longer matches the label (WCAG 2.5.3). Without the
          attribute each item is named by its own content, as the visible text shows it; the icon font's glyph is
          hidden so that name is the label alone. */}
      {menuWanted && (
        <Suspense fallback={null}>
          <TieredMenu
            id="avatar-menu"
            ref={attachMenu}
            model={model}
            popup
            className="avatar-menu"
            pt={{ menuitem: { 'aria-label': undefined }, icon: { 'aria-hidden': true } }}
          />
        </Suspense>
      )}
    </>
  );
}
