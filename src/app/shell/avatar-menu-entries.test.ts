import { describe, expect, it } from 'vitest';
import { avatarMenuEntries, trainingHref, type AvatarMenuEntry } from './avatar-menu-entries.ts';

function flatten(entries: AvatarMenuEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'separator') return ['---'];
    if (entry.kind === 'submenu') return [entry.label, ...flatten(entry.items).map((label) => `  ${label}`)];
    return [entry.label];
  });
}

describe('avatarMenuEntries', () => {
  it('orders every entry of a user holding all roles as specified', () => {
    const entries = avatarMenuEntries({
      roles: ['admin', 'goals-setter', 'certificate-enabled'],
      userGroups: ['DTG', 'DTF'],
      selectedGroup: 'DTF',
    });
    expect(flatten(entries)).toEqual([
      'Scheduler',
      'Goals',
      'API management',
      'Account management',
      '---',
      'Help',
      '  Training',
      '  DTF metrics glossary',
      '  DTG metrics glossary',
      'Terms and conditions',
      '  Product Terms & Conditions',
      '  Privacy Policy',
      '  Terms of Use',
      'Settings',
      'Logout',
    ]);
  });

  it('shows role entries only to their roles', () => {
    const labels = flatten(
      avatarMenuEntries({ roles: ['email-scheduler'], userGroups: ['DTG'], selectedGroup: 'DTG' }),
    );
    expect(labels.slice(0, 2)).toEqual(['Scheduler', '---']);
    expect(labels).not.toContain('  DTF metrics glossary');
    expect(labels.slice(-2)).toEqual(['Settings', 'Logout']);
  });

  it('gives read-only users no management or settings entries but Switch Customer last', () => {
    const labels = flatten(
      avatarMenuEntries({ roles: ['read-only'], userGroups: ['Apollo'], selectedGroup: 'Apollo' }),
    );
    expect(labels).toEqual([
      '---',
      'Help',
      '  Training',
      'Terms and conditions',
      '  Product Terms & Conditions',
      '  Privacy Policy',
      '  Terms of Use',
      'Logout',
      'Switch Customer',
    ]);
  });

  it('gives super users Switch Customer last, after their own entries (the way back to the tenant picker)', () => {
    const labels = flatten(
      avatarMenuEntries({ roles: ['admin'], userGroups: ['DTG'], selectedGroup: 'DTG', isSuperUser: true }),
    );
    expect(labels.slice(-3)).toEqual(['Settings', 'Logout', 'Switch Customer']);
    expect(labels).toContain('Account management');
  });

  it('points documents and training at their pages', () => {
    const entries = avatarMenuEntries({ roles: [], userGroups: ['DTG'], selectedGroup: 'DTG' });
    const terms = entries.find((entry) => entry.kind === 'submenu' && entry.label === 'Terms and conditions');
    expect(terms?.kind === 'submenu' && terms.items.map((item) => item.kind === 'route' && item.path)).toEqual([
      '/documents/product-tc',
      '/documents/privacy-policy',
      '/documents/terms-of-use',
    ]);
    expect(trainingHref('DTG')).toBe('/docs/training-dtg.html');
    expect(trainingHref('DTF')).toBe('/docs/training.html');
    expect(trainingHref(null)).toBe('/docs/training.html');
  });
});
