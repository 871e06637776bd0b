import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkUnsubscribeToken, signUnsubscribeToken, type UnsubscribeClaim } from './unsubscribe-token.ts';

const key = randomBytes(32);
const now = new Date('2026-03-31T08:00:00Z');
const claim: UnsubscribeClaim = {
  tenantId: 'tenant-a',
  scheduleId: 'entry-1',
  email: 'Ann.Smith@Example.test',
  expiresAt: Math.floor(now.getTime() / 1000) + 3600,
};

describe('unsubscribe tokens', () => {
  it('hold for the address they were sent to, however it is typed', () => {
    const token = signUnsubscribeToken(key, claim);
    expect(checkUnsubscribeToken(key, token, ' ann.smith@example.test ', now)).toEqual({
      ok: true,
      claim: { ...claim, email: 'ann.smith@example.test' },
    });
  });

  it('refuse another address, an altered payload, another key, an expired token and garbage', () => {
    const token = signUnsubscribeToken(key, claim);
    expect(checkUnsubscribeToken(key, token, 'someone.else@example.test', now)).toEqual({
      ok: false,
      reason: 'wrong-email',
    });
    const [, signature] = token.split('.');
    const otherEntry = signUnsubscribeToken(randomBytes(32), { ...claim, scheduleId: 'entry-2' }).split('.')[0];
    expect(checkUnsubscribeToken(key, `${otherEntry}.${signature}`, claim.email, now)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(checkUnsubscribeToken(randomBytes(32), token, claim.email, now)).toEqual({ ok: false, reason: 'forged' });
    const later = new Date((claim.expiresAt + 1) * 1000);
    expect(checkUnsubscribeToken(key, token, claim.email, later)).toEqual({ ok: false, reason: 'expired' });
    expect(checkUnsubscribeToken(key, 'not-a-token', claim.email, now)).toEqual({ ok: false, reason: 'malformed' });
  });
});
