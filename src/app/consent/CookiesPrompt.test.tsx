import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CookiesPrompt } from './CookiesPrompt.tsx';

describe('CookiesPrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fades in after 0.5 s and hides 0.5 s after the close mark, then records the dismissal', () => {
    const onDismissed = vi.fn();
    render(
      <MemoryRouter>
        <CookiesPrompt onDismissed={onDismissed} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: 'Cookies notice' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    const prompt = screen.getByRole('region', { name: 'Cookies notice' });
    expect(prompt.textContent).toContain('This site uses cookies to match the product to each user.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/documents/privacy-policy');

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(prompt.className).toContain('cookies-prompt--leaving');
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByRole('region', { name: 'Cookies notice' })).toBeTruthy();
    expect(onDismissed).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('region', { name: 'Cookies notice' })).toBeNull();
    expect(onDismissed).toHaveBeenCalledOnce();
  });
});
