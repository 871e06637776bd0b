import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { TenantOption } from '../shared/contract/super-users.contract.ts';
import { tenantSearchMachine, type TenantSearchPort } from './tenant-search.machine.ts';

/** Spec shell §4 "Tenant search": 3 characters or more, 500 ms debounce, fewer clears; sorted by name; Continue. */

const NORTHWIND: TenantOption = { id: 'northwind', name: 'Northwind Textiles' };
const NORTHERN: TenantOption = { id: 'northern', name: 'northern Prints' };

function fakePort(answer: () => Promise<TenantOption[]> = async () => [NORTHWIND, NORTHERN]): TenantSearchPort {
  return { search: vi.fn(answer), choose: vi.fn(async (id: string) => `https://portal.test/idp/interaction/${id}`) };
}

function start(port: TenantSearchPort) {
  const actor = createActor(tenantSearchMachine, { input: { port } });
  actor.start();
  return actor;
}

describe('tenant search machine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T09:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches 500 ms after the last keystroke of 3 or more characters, and only then', async () => {
    const port = fakePort();
    const actor = start(port);
    actor.send({ type: 'text.changed', text: 'Nor' });
    await vi.advanceTimersByTimeAsync(499);
    actor.send({ type: 'text.changed', text: 'Nort' });
    await vi.advanceTimersByTimeAsync(499);
    expect(port.search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(port.search).toHaveBeenCalledExactlyOnceWith('Nort');
    expect(actor.getSnapshot().value).toBe('results');
  });

  it('sorts the suggestions by name ignoring letter case', async () => {
    const actor = start(fakePort());
    actor.send({ type: 'text.changed', text: 'nor' });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().context.suggestions).toEqual([NORTHERN, NORTHWIND]);
  });

  it('never searches with fewer than 3 characters, and clears the suggestions and the selection', async () => {
    const port = fakePort();
    const actor = start(port);
    actor.send({ type: 'text.changed', text: 'nor' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'tenant.selected', tenant: NORTHWIND });
    expect(actor.getSnapshot().context.selected).toEqual(NORTHWIND);
    actor.send({ type: 'text.changed', text: 'No' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(port.search).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ suggestions: [], selected: null });
  });

  it('counts spaces out of the 3 characters', async () => {
    const port = fakePort();
    const actor = start(port);
    actor.send({ type: 'text.changed', text: ' a ' });
    await vi.advanceTimersByTimeAsync(500);
    expect(port.search).not.toHaveBeenCalled();
  });

  it('ends in empty for no match and in failed for a failed search', async () => {
    const empty = start(fakePort(async () => []));
    empty.send({ type: 'text.changed', text: 'zzz' });
    await vi.advanceTimersByTimeAsync(500);
    expect(empty.getSnapshot().value).toBe('empty');

    const failed = start(fakePort(async () => Promise.reject(new Error('503'))));
    failed.send({ type: 'text.changed', text: 'zzz' });
    await vi.advanceTimersByTimeAsync(500);
    expect(failed.getSnapshot().value).toBe('failed');
    expect(failed.getSnapshot().context.suggestions).toEqual([]);
  });

  it('ignores Continue until a tenant is selected, then records the choice and keeps the callback address', async () => {
    const port = fakePort();
    const actor = start(port);
    actor.send({ type: 'continue' });
    expect(port.choose).not.toHaveBeenCalled();
    actor.send({ type: 'text.changed', text: 'north' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'tenant.selected', tenant: NORTHWIND });
    expect(actor.getSnapshot().context.text).toBe('Northwind Textiles');
    actor.send({ type: 'continue' });
    await vi.advanceTimersByTimeAsync(0);
    expect(port.choose).toHaveBeenCalledExactlyOnceWith('northwind');
    expect(actor.getSnapshot().value).toBe('chosen');
    expect(actor.getSnapshot().context.callbackUrl).toBe('https://portal.test/idp/interaction/northwind');
  });

  it('lets the user try Continue again after a failed choice', async () => {
    const port = fakePort();
    vi.mocked(port.choose).mockRejectedValueOnce(new Error('403'));
    const actor = start(port);
    actor.send({ type: 'tenant.selected', tenant: NORTHWIND });
    actor.send({ type: 'continue' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('chooseFailed');
    actor.send({ type: 'continue' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('chosen');
  });
});
