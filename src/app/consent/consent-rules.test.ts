import { describe, expect, it } from 'vitest';
import { shouldShowCookiesPrompt, shouldShowTerms, type ConsentFacts } from './consent-rules.ts';

const facts = (overrides: Partial<ConsentFacts> = {}): ConsentFacts => ({
  isSuperUser: false,
  serverApproved: false,
  serverVersion: null,
  record: null,
  currentVersion: '1.0',
  ...overrides,
});

describe('terms modal rule', () => {
  it('shows while the agreement is not approved', () => {
    expect(shouldShowTerms(facts())).toBe(true);
  });

  it('hides once the server or this browser recorded the approval', () => {
    expect(shouldShowTerms(facts({ serverApproved: true, serverVersion: '1.0' }))).toBe(false);
    expect(shouldShowTerms(facts({ record: { version: '1.0', approved: true } }))).toBe(false);
  });

  it('never shows for super users', () => {
    expect(shouldShowTerms(facts({ isSuperUser: true }))).toBe(false);
  });
});

describe('cookies prompt rule', () => {
  it('shows while the agreement is not approved', () => {
    expect(shouldShowCookiesPrompt(facts({ record: { version: '1.0', approved: false } }))).toBe(true);
  });

  it('shows when the stored agreement version is not the current one', () => {
    expect(shouldShowCookiesPrompt(facts({ serverApproved: true, serverVersion: '0.9' }))).toBe(true);
    expect(shouldShowCookiesPrompt(facts({ serverApproved: true, record: { version: '0.9', approved: true } }))).toBe(
      true,
    );
  });

  it('hides when approved with the current version, and for super users', () => {
    expect(shouldShowCookiesPrompt(facts({ serverApproved: true, serverVersion: '1.0' }))).toBe(false);
    expect(shouldShowCookiesPrompt(facts({ serverApproved: true, record: { version: '1.0', approved: true } }))).toBe(
      false,
    );
    expect(shouldShowCookiesPrompt(facts({ isSuperUser: true }))).toBe(false);
  });
});
