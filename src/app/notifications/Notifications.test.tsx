import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Notifications, TOAST_HOST_PRELOAD_TIMEOUT_MS } from './Notifications.tsx';
import { notifications } from './notification.service.ts';
import { admitToast } from './notification-queue.ts';
import { ToastHost } from './ToastHost.tsx';

describe('admitToast', () => {
  it('keeps at most four toasts, evicting the oldest', () => {
    expect(admitToast([1, 2, 3], 4)).toEqual({ visible: [1, 2, 3, 4], evicted: [] });
    expect(admitToast([1, 2, 3, 4], 5)).toEqual({ visible: [2, 3, 4, 5], evicted: [1] });
  });
});

describe('Notifications', () => {
  it('loads no toast host until the first notification, then shows it', async () => {
    const { container } = render(<Notifications />);
    expect(container.innerHTML).toBe('');
    act(() => notifications.error('API: first failure'));
    expect(await screen.findByText('API: first failure')).toBeTruthy();
  });

  it("fetches the toast host's chunk when the page is first idle, before any notification (issue #32)", () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    try {
      render(<Notifications />);
      expect(idle).toHaveBeenCalledExactlyOnceWith(expect.any(Function), { timeout: TOAST_HOST_PRELOAD_TIMEOUT_MS });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('ToastHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows at most four toasts and hides each after 10 s', async () => {
    render(<ToastHost />);
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) notifications.error(`API: failure ${n}`);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(screen.queryByText('API: failure 1')).toBeNull();
    expect(screen.getByText('API: failure 5')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_500);
    });
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
