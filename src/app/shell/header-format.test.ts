import { describe, expect, it } from 'vitest';
import { environmentLabel, mobileActiveSystems, splitActiveSystems } from './header-format.ts';

describe('active systems', () => {
  it('splits the text on spaces into three parts', () => {
    expect(splitActiveSystems('3 of 4')).toEqual(['3', 'of', '4']);
    expect(splitActiveSystems('12 of 120')).toEqual(['12', 'of', '120']);
  });

  it('is null until the text is loaded', () => {
    expect(splitActiveSystems(undefined)).toBeNull();
    expect(splitActiveSystems('')).toBeNull();
  });

  it('shows the first and third parts on mobile', () => {
    expect(mobileActiveSystems(['3', 'of', '4'])).toBe('3 / 4');
  });
});

describe('environmentLabel', () => {
  it('labels non-production builds with version and environment', () => {
    expect(environmentLabel('stage', '1.0.859')).toBe('v1.0.859 · stage');
    expect(environmentLabel('local', '')).toBe('local');
  });

  it('hides the label in production', () => {
    expect(environmentLabel('prod', '1.0.859')).toBeNull();
    expect(environmentLabel('Production', '1.0.859')).toBeNull();
  });
});
