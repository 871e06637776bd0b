import { ROLE, type Role } from '../../shared/auth/roles.ts';
import type { SystemGroup } from '../../shared/system-group.ts';
import { PATHS } from '../routes/route-access.ts';

/** One entry of the avatar menu, independent of the menu component that draws it. */
export type AvatarMenuEntry =
  | { kind: 'route'; label: string; icon: string; path: string }
  /** A static page opened in a new tab. */
  | { kind: 'link'; label: string; icon: string; href: string }
  | { kind: 'submenu'; label: string; icon: string; items: AvatarMenuEntry[] }
  | { kind: 'separator' }
  | { kind: 'logout'; label: 'Logout'; icon: string }
  | { kind: 'switch-customer'; label: 'Switch Customer'; icon: string };

export interface AvatarMenuContext {
  roles: readonly Role[];
  userGroups: readonly SystemGroup[];
  selectedGroup: SystemGroup | null;
}

export const DOCUMENT_PATHS = {
  productTerms: '/documents/product-tc',
  privacyPolicy: '/documents/privacy-policy',
  termsOfUse: '/documents/terms-of-use',
} as const;

/** Training material depends on whether DTG is selected (spec shell §2). */
export function trainingHref(selectedGroup: SystemGroup | null): string {
  return selectedGroup === 'DTG' ? '/docs/training-dtg.html' : '/docs/training.html';
}

/**
 * The avatar menu in the order of spec shell §2: Scheduler (not read-only), Goals, API management, Account management,
 * a divider, Help, Terms and conditions, Settings (before the last item, not read-only), Logout, Switch Customer (read-only).
 */
export function avatarMenuEntries({ roles, userGroups, selectedGroup }: AvatarMenuContext): AvatarMenuEntry[] {
  const readOnly = roles.includes(ROLE.ReadOnly);
  const entries: AvatarMenuEntry[] = [];
  if (!readOnly) entries.push({ kind: 'route', label: 'Scheduler', icon: 'pi pi-calendar', path: PATHS.scheduler });
  if (roles.includes(ROLE.GoalsSetter))
    entries.push({ kind: 'route', label: 'Goals', icon: 'pi pi-flag', path: PATHS.goals });
  if (roles.includes(ROLE.Certificate)) {
    entries.push({ kind: 'route', label: 'API management', icon: 'pi pi-key', path: PATHS.api });
  }
  if (roles.includes(ROLE.Admin)) {
    entries.push({ kind: 'route', label: 'Account management', icon: 'pi pi-users', path: PATHS.users });
  }
  entries.push({ kind: 'separator' });

  const help: AvatarMenuEntry[] = [
    { kind: 'link', label: 'Training', icon: 'pi pi-book', href: trainingHref(selectedGroup) },
  ];
  if (userGroups.includes('DTF')) {
    help.push({
      kind: 'link',
      label: 'DTF metrics glossary',
      icon: 'pi pi-info-circle',
      href: '/docs/kpi-glossary-dtf.html',
    });
  }
  if (userGroups.includes('DTG')) {
    help.push({
      kind: 'link',
      label: 'DTG metrics glossary',
      icon: 'pi pi-info-circle',
      href: '/docs/kpi-glossary-dtg.html',
    });
  }
  entries.push({ kind: 'submenu', label: 'Help', icon: 'pi pi-question-circle', items: help });
  entries.push({
    kind: 'submenu',
    label: 'Terms and conditions',
    icon: 'pi pi-file',
    items: [
      { kind: 'route', label: 'Product Terms & Conditions', icon: 'pi pi-file', path: DOCUMENT_PATHS.productTerms },
      { kind: 'route', label: 'Privacy Policy', icon: 'pi pi-shield', path: DOCUMENT_PATHS.privacyPolicy },
      { kind: 'route', label: 'Terms of Use', icon: 'pi pi-file-edit', path: DOCUMENT_PATHS.termsOfUse },
    ],
  });
  entries.push({ kind: 'logout', label: 'Logout', icon: 'pi pi-sign-out' });
  // Settings goes before the last item (Logout).
  if (!readOnly) {
    entries.splice(entries.length - 1, 0, {
      kind: 'route',
      label: 'Settings',
      icon: 'pi pi-cog',
      path: PATHS.settings,
    });
  }
  if (readOnly) entries.push({ kind: 'switch-customer', label: 'Switch Customer', icon: 'pi pi-sync' });
  return entries;
}
