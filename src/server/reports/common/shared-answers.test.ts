import { describe, expect, it } from 'vitest';
import type { UserScope } from '../../users/current-user.ts';
import { MAX_SHARED_ANSWERS, sharedAnswers, type SharedCall } from './shared-answers.ts';

/** shared-answers.ts on a pinned clock: what is one answer, how long it is kept, what ends it. */

const scope = (tenantId: string, siteIds: string[] = []): UserScope => ({
  tenantId,
  customerIds: [],
  siteIds,
  systemIds: [],
});
const admin = { scope: scope('north'), language: 'en-US' };
const cards: SharedCall = {
  method: 'POST',
  url: '/api/overview-report/overview-cards?day=2026-03-25',
  body: { systems: [] },
};

/** A computation that counts its runs and answers with that count. */
function counter() {
  let runs = 0;
  return {
    compute: async () => {
      runs += 1;
      return runs;
    },
    runs: () => runs,
  };
}

function pinnedClock() {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('sharedAnswers', () => {
  it('computes an answer once for the callers within maxAgeMs of its start, and again after', async () => {
    const clock = pinnedClock();
    const answers = sharedAnswers({ maxAgeMs: 2000, now: clock.now });
    const run = counter();
    expect(await answers.answer(admin, cards, run.compute)).toBe(1);
    clock.advance(1999);
    expect(await answers.answer(admin, cards, run.compute)).toBe(1);
    clock.advance(1);
    expect(await answers.answer(admin, cards, run.compute)).toBe(2);
    // A call whose clock reads a time before the answer's computation (a test moving its pinned clock back) gets its own.
    clock.advance(-10);
    expect(await answers.answer(admin, cards, run.compute)).toBe(3);
    expect(answers.counts()).toEqual({ shared: 1, computed: 3, kept: 1 });
  });

  it('knows a caller it read within maxAgeMs with no write of their tenant since the read began', () => {
    const clock = pinnedClock();
    const answers = sharedAnswers({ maxAgeMs: 2000, now: clock.now });
    const caller = { sub: 'nw-admin', tenantId: 'north', isSuperUser: false };
    expect(answers.knownAsker(caller)).toBeNull();
    answers.readAsker(caller).read(admin);
    expect(answers.knownAsker(caller)).toEqual(admin);
    // The same subject as a super user acting in the tenant is another caller.
    expect(answers.knownAsker({ ...caller, isSuperUser: true })).toBeNull();
    clock.advance(2000);
    expect(answers.knownAsker(caller)).toBeNull();

    answers.readAsker(caller).read(admin);
    answers.forgetTenant('north');
    expect(answers.knownAsker(caller)).toBeNull();
    // A write between the read's start and its end: what was read may predate it.
    const reading = answers.readAsker(caller);
    answers.forgetTenant('north');
    reading.read(admin);
    expect(answers.knownAsker(caller)).toBeNull();
    answers.forgetTenant('south');
    answers.readAsker(caller).read(admin);
    expect(answers.knownAsker(caller)).toEqual(admin);
  });

  it("lets a caller's calls wait for the read of its users row under way, begun with no write of its tenant since", async () => {
    const answers = sharedAnswers({ maxAgeMs: 2000 });
    const caller = { sub: 'nw-admin', tenantId: 'north', isSuperUser: false };
    expect(answers.askerBeingRead(caller)).toBeUndefined();
    const reading = answers.readAsker(caller);
    const waiting = answers.askerBeingRead(caller);
    expect(answers.askerBeingRead({ ...caller, sub: 'nw-reader' })).toBeUndefined();
    reading.read(admin);
    expect(await waiting).toEqual(admin);
    expect(answers.askerBeingRead(caller)).toBeUndefined();
    expect(answers.knownAsker(caller)).toEqual(admin);

    // A read that fails: who waited reads for itself.
    answers.forgetTenant('north');
    const failing = answers.readAsker(caller);
    const waitingForFailure = answers.askerBeingRead(caller);
    failing.end();
    expect(await waitingForFailure).toBeNull();
    expect(answers.askerBeingRead(caller)).toBeUndefined();
    expect(answers.knownAsker(caller)).toBeNull();

    // A write of the tenant after the read began: a later call does not wait for what may predate it.
    const overtaken = answers.readAsker(caller);
    answers.forgetTenant('north');
    expect(answers.askerBeingRead(caller)).toBeUndefined();
    overtaken.read(admin);
    expect(answers.knownAsker(caller)).toBeNull();
  });

  it('lets go of the answers past their age when it keeps the next one', async () => {
    const clock = pinnedClock();
    const answers = sharedAnswers({ maxAgeMs: 2000, now: clock.now });
    const run = counter();
    await answers.answer(admin, cards, run.compute);
    await answers.answer(admin, { ...cards, url: `${cards.url}&n=2` }, run.compute);
    expect(answers.counts().kept).toBe(2);
    clock.advance(2000);
    await answers.answer(admin, { ...cards, url: `${cards.url}&n=3` }, run.compute);
    expect(answers.counts().kept).toBe(1);
  });

  it('lets concurrent callers of one call wait for the computation under way', async () => {
    const answers = sharedAnswers({ maxAgeMs: 2000 });
    let finish: (value: string) => void = () => undefined;
    let runs = 0;
    const compute = () => {
      runs += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = answers.answer(admin, cards, compute);
    const second = answers.answer({ ...admin, scope: scope('north') }, { ...cards, body: { systems: [] } }, compute);
    finish('cards');
    expect(await Promise.all([first, second])).toEqual(['cards', 'cards']);
    expect(runs).toBe(1);
  });

  it('keeps apart tenants, scopes, languages, methods, URLs and bodies', async () => {
    const answers = sharedAnswers({ maxAgeMs: 60_000 });
    const run = counter();
    const asks: [typeof admin, SharedCall][] = [
      [admin, cards],
      [{ ...admin, scope: scope('south') }, cards],
      [{ ...admin, scope: scope('north', ['berlin']) }, cards],
      [{ ...admin, language: 'de-DE' }, cards],
      [admin, { ...cards, method: 'GET' }],
      [admin, { ...cards, url: '/api/overview-report/overview-cards?week=2026-03-25' }],
      [admin, { ...cards, body: { systems: ['DTG-10001'] } }],
    ];
    for (const [user, call] of asks) await answers.answer(user, call, run.compute);
    expect(run.runs()).toBe(asks.length);
    // The order of a scope's ids does not matter.
    const two = { ...admin, scope: { ...scope('north'), siteIds: ['a', 'b'] } };
    await answers.answer(two, cards, run.compute);
    await answers.answer({ ...two, scope: { ...two.scope, siteIds: ['b', 'a'] } }, cards, run.compute);
    expect(run.runs()).toBe(asks.length + 1);
  });

  it("forgetTenant drops that tenant's answers, and one being computed when it is called is not kept", async () => {
    const answers = sharedAnswers({ maxAgeMs: 60_000 });
    const run = counter();
    const south = { ...admin, scope: scope('south') };
    await answers.answer(admin, cards, run.compute);
    await answers.answer(south, cards, run.compute);
    answers.forgetTenant('north');
    expect(await answers.answer(admin, cards, run.compute)).toBe(3);
    expect(await answers.answer(south, cards, run.compute)).toBe(2);

    let finish: () => void = () => undefined;
    const slow = answers.answer({ ...admin, language: 'fr-FR' }, cards, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return 'before the write';
    });
    answers.forgetTenant('north');
    // A caller after the write does not wait for the computation that started before it.
    const after = answers.answer({ ...admin, language: 'fr-FR' }, cards, async () => 'after the write');
    finish();
    expect(await slow).toBe('before the write');
    expect(await after).toBe('after the write');
    expect(await answers.answer({ ...admin, language: 'fr-FR' }, cards, async () => 'again')).toBe('after the write');
  });

  it('keeps no failure: the callers waiting get it, the next caller computes again', async () => {
    const answers = sharedAnswers({ maxAgeMs: 60_000 });
    let fail: (error: Error) => void = () => undefined;
    const failing = () => new Promise<number>((_, reject) => (fail = reject));
    const first = answers.answer(admin, cards, failing);
    const waiting = answers.answer(admin, cards, failing);
    fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(waiting).rejects.toThrow('database gone');
    expect(await answers.answer(admin, cards, async () => 'recovered')).toBe('recovered');
  });

  it(`keeps at most ${MAX_SHARED_ANSWERS} answers, dropping the oldest`, async () => {
    const answers = sharedAnswers({ maxAgeMs: 60_000 });
    const run = counter();
    const call = (index: number) => ({ ...cards, url: `${cards.url}&n=${index}` });
    for (let index = 0; index <= MAX_SHARED_ANSWERS; index += 1) await answers.answer(admin, call(index), run.compute);
    await answers.answer(admin, call(MAX_SHARED_ANSWERS), run.compute);
    expect(run.runs()).toBe(MAX_SHARED_ANSWERS + 1);
    await answers.answer(admin, call(0), run.compute);
    expect(run.runs()).toBe(MAX_SHARED_ANSWERS + 2);
  });
});
