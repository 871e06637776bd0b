import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { TenantOption } from '../../../shared/contract/super-users.contract.ts';
import { jsonResponse } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { leavePageFor } from './leave-page.ts';

vi.mock('./leave-page.ts', () => ({ leavePageFor: vi.fn() }));

/**
 * Spec shell §2 "Super-user tenant picker", §4 "Tenant search", §8 (tenant search messages), §9 (500 ms debounce,
 * 3 characters). Public: the super user is in the middle of signing in, nobody is signed in to the portal.
 */

const TENANTS: TenantOption[] = [
  { id: 'sunrise-apparel', name: 'Sunrise Apparel Group' },
  { id: 'sunny-prints', name: 'sunny Prints' },
  { id: 'sunbeam', name: 'Sunbeam Textiles' },
];

const SEARCH = '/api/super-users/get-super-user-tenants';
const CALLBACK = '/api/super-users/login-callback';

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(leavePageFor).mockClear();
});

async function renderPicker(search: (url: URL) => Response = () => jsonResponse(TENANTS)) {
  const searches: URLSearchParams[] = [];
  const callbacks: URLSearchParams[] = [];
  renderApp({
    path: '/superUser?sessionToken=token-1&state=step-1',
    user: null,
    api: {
      [SEARCH]: (url: URL) => {
        searches.push(url.searchParams);
        return search(url);
      },
      [CALLBACK]: (url: URL) => {
        callbacks.push(url.searchParams);
        return jsonResponse({ callbackUrl: 'https://portal.test/idp/interaction/step-1' });
      },
    },
  });
  const input = await screen.findByRole('combobox', { name: 'Customer' });
  // The page is on screen: from here the debounce runs on a pinned clock.
  vi.useFakeTimers();
  return { input, searches, callbacks };
}

async function type(input: HTMLElement, text: string, waitMs = 0) {
  fireEvent.change(input, { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(waitMs));
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Super-user tenant picker', () => {
  it('offers a text box with the placeholder of superUser.startTypingCustomerName and a disabled Continue', async () => {
    const { input } = await renderPicker();
    expect(screen.getByRole('heading', { name: 'Choose a customer' })).toBeTruthy();
    expect(input.getAttribute('placeholder')).toBe('Start typing customer name');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('searches 500 ms after the last keystroke once 3 characters are typed, with the sessionToken', async () => {
    const { input, searches } = await renderPicker();
    await type(input, 'Su', 1000);
    expect(searches).toHaveLength(0);
    await type(input, 'Sun', 300);
    await type(input, 'Sunr', 499);
    expect(searches).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches.map((query) => Object.fromEntries(query))).toEqual([
      { sessionToken: 'token-1', namePattern: 'Sunr' },
    ]);
  });

  it('lists the suggestions sorted by name, ignoring letter case', async () => {
    const { input } = await renderPicker();
    await type(input, 'sun', 500);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual(['Sunbeam Textiles', 'sunny Prints', 'Sunrise Apparel Group']);
  });

  it('moves with arrow down and up, selects with Enter and enables Continue', async () => {
    const { input } = await renderPicker();
    await type(input, 'sun', 500);
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Sunbeam Textiles');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Sunrise Apparel Group');
    expect(screen.getByRole('option', { name: 'Sunrise Apparel Group' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe('sunny Prints');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveProperty('value', 'sunny Prints');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('closes the suggestions with Escape without selecting', async () => {
    const { input } = await renderPicker();
    await type(input, 'sun', 500);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveProperty('value', 'sun');
    expect(continueButton()).toHaveProperty('disabled', true);
  });

  it('clears the selection and the suggestions when fewer than 3 characters remain', async () => {
    const { input } = await renderPicker();
    await type(input, 'sun', 500);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Sunbeam Textiles' }));
    expect(continueButton()).toHaveProperty('disabled', false);
    await type(input, 'Su');
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.focus(input);
    expect(optionNames()).toEqual([]);
  });

  it("says 'There are no users in your account with this name' when nothing matches", async () => {
    const { input } = await renderPicker(() => jsonResponse([]));
    await type(input, 'zzz', 500);
    expect(screen.getByRole('status').textContent).toBe('There are no users in your account with this name');
  });

  it("says 'Something Went Wrong, try later' when the search fails, a 400+ status in the body included", async () => {
    const { input } = await renderPicker(() => jsonResponse({ statusCode: 403, message: 'no' }, 403));
    await type(input, 'sun', 500);
    expect(screen.getByRole('status').textContent).toBe('Something Went Wrong, try later');
  });

  it('treats a status of 400 or above in an ok answer as a failure', async () => {
    const { input } = await renderPicker(() => jsonResponse({ statusCode: 500 }));
    await type(input, 'sun', 500);
    expect(screen.getByRole('status').textContent).toBe('Something Went Wrong, try later');
  });

  it('sends the choice with state and sessionToken on Continue and goes where the answer says', async () => {
    const { input, callbacks } = await renderPicker();
    await type(input, 'sun', 500);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Sunrise Apparel Group' }));
    fireEvent.click(continueButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callbacks.map((query) => Object.fromEntries(query))).toEqual([
      { selectedTenantId: 'sunrise-apparel', state: 'step-1', sessionToken: 'token-1' },
    ]);
    expect(leavePageFor).toHaveBeenCalledExactlyOnceWith('https://portal.test/idp/interaction/step-1');
  });

  it('tells the user to sign in again when the link lacks its sessionToken or state', async () => {
    renderApp({ path: '/superUser?state=step-1', user: null });
    expect(await screen.findByText(/This sign-in step is not valid/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
