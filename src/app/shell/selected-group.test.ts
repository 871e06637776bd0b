import { describe, expect, it } from 'vitest';
import { resolveSelectedGroup } from './selected-group.ts';

const settings = {
  userSystemGroup: ['DTG', 'DTF'] as ('DTG' | 'DTF' | 'Apollo')[],
  defaultSystemGroup: 'DTF' as const,
};

describe('resolveSelectedGroup', () => {
  it('is null until settings are loaded', () => {
    expect(resolveSelectedGroup('DTG', undefined)).toBeNull();
  });

  it("prefers the URL's group when the user has it", () => {
    expect(resolveSelectedGroup('DTG', settings)).toBe('DTG');
  });

  it('falls back to the default group for unknown or foreign groups', () => {
    expect(resolveSelectedGroup('Apollo', settings)).toBe('DTF');
    expect(resolveSelectedGroup('nonsense', settings)).toBe('DTF');
    expect(resolveSelectedGroup(null, settings)).toBe('DTF');
  });

  it('uses the first group when the default is missing, and null without groups', () => {
    expect(resolveSelectedGroup(null, { ...settings, defaultSystemGroup: null })).toBe('DTG');
    expect(resolveSelectedGroup(null, { userSystemGroup: [], defaultSystemGroup: null })).toBeNull();
  });
});
