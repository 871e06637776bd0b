import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { TENANT_SEARCH_MIN_LENGTH, type TenantOption } from '../shared/contract/super-users.contract.ts';

/** The tenant search waits this long after the last keystroke (spec shell §4, §9). */
export const TENANT_SEARCH_DEBOUNCE_MS = 500;

/** The picker's calls: the tenant search and the choice (spec shell §7 /api/super-users/*). */
export interface TenantSearchPort {
  search(namePattern: string): Promise<TenantOption[]>;
  /** Records the choice; resolves with the address the browser goes to next. */
  choose(tenantId: string): Promise<string>;
}

export interface TenantSearchContext {
  port: TenantSearchPort;
  /** What the text box holds. */
  text: string;
  suggestions: TenantOption[];
  selected: TenantOption | null;
  /** The address the sign-in continues at, once the choice is recorded. */
  callbackUrl: string | null;
}

export type TenantSearchEvent =
  { type: 'text.changed'; text: string } | { type: 'tenant.selected'; tenant: TenantOption } | { type: 'continue' };

/** Suggestions sorted by name, ignoring letter case (spec shell §4). */
export function sortedByName(tenants: readonly TenantOption[]): TenantOption[] {
  return [...tenants].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

const searchable = (text: string) => text.trim().length >= TENANT_SEARCH_MIN_LENGTH;

/**
 * The super-user tenant picker (spec shell §2, §4 "Tenant search", §8): typing fewer than 3 characters clears the
 * selection and the suggestions (`idle`); 3 or more search 500 ms after the last keystroke (`debouncing`, then
 * `searching`), ending in `results`, `empty` ('There are no users…') or `failed` ('Something Went Wrong…'). Every
 * keystroke drops the selection; choosing a suggestion selects it, and only then does `continue` record the choice
 * (`choosing`) and end in `chosen` with the callback address, or `chooseFailed`.
 */
export const tenantSearchMachine = setup({
  types: {
    context: {} as TenantSearchContext,
    input: {} as { port: TenantSearchPort },
    events: {} as TenantSearchEvent,
  },
  actors: {
    searchTenants: fromPromise<TenantOption[], { port: TenantSearchPort; pattern: string }>(({ input }) =>
      input.port.search(input.pattern),
    ),
    chooseTenant: fromPromise<string, { port: TenantSearchPort; tenantId: string }>(({ input }) =>
      input.port.choose(input.tenantId),
    ),
  },
  guards: {
    searchable: ({ event }) => event.type === 'text.changed' && searchable(event.text),
    hasSelection: ({ context }) => context.selected !== null,
  },
  actions: {
    storeText: assign({
      text: ({ event }) => (event.type === 'text.changed' ? event.text : ''),
      selected: null,
    }),
    clearSuggestions: assign({ suggestions: [] }),
    select: assign(({ event }) =>
      event.type === 'tenant.selected' ? { selected: event.tenant, text: event.tenant.name } : {},
    ),
  },
}).createMachine({
  id: 'tenantSearch',
  context: ({ input }) => ({ port: input.port, text: '', suggestions: [], selected: null, callbackUrl: null }),
  initial: 'idle',
  on: {
    'text.changed': [
      { guard: 'searchable', target: '.debouncing', actions: 'storeText' },
      { target: '.idle', actions: ['storeText', 'clearSuggestions'] },
    ],
    'tenant.selected': { actions: 'select' },
    continue: { guard: 'hasSelection', target: '.choosing' },
  },
  states: {
    idle: {},
    debouncing: {
      after: { [TENANT_SEARCH_DEBOUNCE_MS]: 'searching' },
    },
    searching: {
      invoke: {
        src: 'searchTenants',
        input: ({ context }) => ({ port: context.port, pattern: context.text.trim() }),
        onDone: [
          { guard: ({ event }) => event.output.length === 0, target: 'empty', actions: 'clearSuggestions' },
          { target: 'results', actions: assign({ suggestions: ({ event }) => sortedByName(event.output) }) },
        ],
        onError: { target: 'failed', actions: 'clearSuggestions' },
      },
    },
    results: {},
    empty: {},
    failed: {},
    choosing: {
      on: { 'text.changed': {}, 'tenant.selected': {}, continue: {} },
      invoke: {
        src: 'chooseTenant',
        input: ({ context }) => ({ port: context.port, tenantId: context.selected?.id ?? '' }),
        onDone: { target: 'chosen', actions: assign({ callbackUrl: ({ event }) => event.output }) },
        onError: 'chooseFailed',
      },
    },
    chooseFailed: {},
    /** The browser leaves for the callback address. */
    chosen: { type: 'final' },
  },
});

export type TenantSearchSnapshot = SnapshotFrom<typeof tenantSearchMachine>;
