import { ROLE, type Role } from '../../shared/auth/roles.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { t } from '../../i18n/i18n.ts';
import { DOCUMENT_PATHS, PATHS } from '../navigation/paths.ts';

/** One entry of the avatar menu, independent of the menu component that draws it; labels in the current language. */
export type AvatarMenuEntry =
  | { kind: 'route'; label: string; icon: string; path: string }
  /** A static page opened in a new tab. */
  | { kind: 'link'; label: string; icon: string; href: string }
  | { kind: 'submenu'; label: string; icon: string; items: AvatarMenuEntry[] }
  | { kind: 'separator' }
  | { kind: 'logout'; label: string; icon: string }
  | { kind: 'switch-customer'; label: string; icon: string };

export interface AvatarMenuContext {
  roles: readonly Role[];
  userGroups: readonly SystemGroup[];
  selectedGroup: SystemGroup | null;
  /** Super users switch customer too: back to the tenant picker (spec shell §2 "Super-user tenant picker"). */
  isSuperUser?: boolean;
}

/** Training material depends on whether DTG is selected (spec shell §2). */
export function trainingHref(selectedGroup: SystemGroup | null): string {
  return selectedGroup === 'DTG' ? '/docs/training-dtg.html' : '/docs/training.html';
}

/**
 * The avatar menu in the order of spec shell §2: Scheduler (not read-only), Goals, API management, Account management,
 * a divider, Help, Terms and conditions, Settings (before the last item, not read-only), Logout, Switch Customer (read-only,
 * and super users).
 */
export function avatarMenuEntries({
  roles,
  userGroups,
  selectedGroup,
  isSuperUser,
}: AvatarMenuContext): AvatarMenuEntry[] {
  const readOnly = roles.includes(ROLE.ReadOnly);
  const entries: AvatarMenuEntry[] = [];
  if (!readOnly)
    entries.push({ kind: 'route', label: t('avatarMenu.scheduler'), icon: 'pi pi-calendar', path: PATHS.scheduler });
  if (roles.includes(ROLE.GoalsSetter))
    entries.push({ kind: 'route', label: t('avatarMenu.goals'), icon: 'pi pi-flag', path: PATHS.goals });
  if (roles.includes(ROLE.Certificate)) {
    entries.push({ kind: 'route', label: t('avatarMenu.apiManagement'), icon: 'pi pi-key', path: PATHS.api });
  }
  if (roles.includes(ROLE.Admin)) {
    entries.push({ kind: 'route', label: t('avatarMenu.accountManagement'), icon: 'pi pi-users', path: PATHS.users });
  }
  entries.push({ kind: 'separator' });

  const help: AvatarMenuEntry[] = [
    { kind: 'link', label: t('avatarMenu.training'), icon: 'pi pi-book', href: trainingHref(selectedGroup) },
  ];
  if (userGroups.includes('DTF')) {
    help.push({
      kind: 'link',
      label: t('avatarMenu.dtfGlossary'),
      icon: 'pi pi-info-circle',
      href: '/docs/kpi-glossary-dtf.html',
    });
  }
  if (userGroups.includes('DTG')) {
    help.push({
      kind: 'link',
      label: t('avatarMenu.dtgGlossary'),
      icon: 'pi pi-info-circle',
      href: '/docs/kpi-glossary-dtg.html',
    });
  }
  entries.push({ kind: 'submenu', label: t('avatarMenu.help'), icon: 'pi pi-question-circle', items: help });
  entries.push({
    kind: 'submenu',
    label: t('avatarMenu.termsAndConditions'),
    icon: 'pi pi-file',
    items: [
      { kind: 'route', label: t('documents.productTerms'), icon: 'pi pi-file', path: DOCUMENT_PATHS.productTerms },
      { kind: 'route', label: t('documents.privacyPolicy'), icon: 'pi pi-shield', path: DOCUMENT_PATHS.privacyPolicy },
      { kind: 'route', label: t('documents.termsOfUse'), icon: 'pi pi-file-edit', path: DOCUMENT_PATHS.termsOfUse },
    ],
  });
  entries.push({ kind: 'logout', label: t('avatarMenu.logout'), icon: 'pi pi-sign-out' });
  // Settings goes before the last item (Logout).
  if (!readOnly) {
    entries.splice(entries.length - 1, 0, {
      kind: 'route',
      label: t('avatarMenu.settings'),
      icon: 'pi pi-cog',
      path: PATHS.settings,
    });
  }
  if (readOnly || isSuperUser === true)
    entries.push({ kind: 'switch-customer', label: t('avatarMenu.switchCustomer'), icon: 'pi pi-sync' });
  return entries;
}
