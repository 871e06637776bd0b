import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PANEL_CHUNK_RETRY_MS, PanelErrorBoundary } from './PanelErrorBoundary.tsx';

/** A panel that throws `error` while `failing.now` is set, as a lazy panel whose chunk could not be fetched does. */
function Flaky({ failing, error }: { failing: { now: boolean }; error: Error }) {
  if (failing.now) throw error;
  return <p>Chart</p>;
}

describe('PanelErrorBoundary', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows a panel whose chunk could not be fetched in its error state, and renders it again after a while', async () => {
    const failing = { now: true };
    const error = new TypeError('Failed to fetch dynamically imported module: https://portal.test/assets/Kpi.js');
    render(
      <PanelErrorBoundary title="OEE">
        <Flaky failing={failing} error={error} />
      </PanelErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toBeTruthy();
    failing.now = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PANEL_CHUNK_RETRY_MS - 1);
    });
    expect(screen.queryByText('Chart')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('Chart')).toBeTruthy();
  });

  it('keeps any other error in the error state (a new period retries it)', async () => {
    const failing = { now: true };
    render(
      <PanelErrorBoundary title="OEE">
        <Flaky failing={failing} error={new Error('A bug in the panel')} />
      </PanelErrorBoundary>,
    );
    failing.now = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * PANEL_CHUNK_RETRY_MS);
    });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Chart')).toBeNull();
  });

  it('renders a broken panel again for a new resetKey (a new period), and keeps a working one mounted', () => {
    const failing = { now: true };
    const error = new Error('A bug in the panel');
    const boundary = (resetKey: string) => (
      <PanelErrorBoundary title="OEE" resetKey={resetKey}>
        <Flaky failing={failing} error={error} />
      </PanelErrorBoundary>
    );
    const { rerender } = render(boundary('2026-11-20'));
    expect(screen.getByRole('alert')).toBeTruthy();
    failing.now = false;
    rerender(boundary('2026-11-20'));
    expect(screen.getByRole('alert')).toBeTruthy();

    rerender(boundary('2026-11-19'));
    const chart = screen.getByText('Chart');
    rerender(boundary('2026-11-18'));
    expect(screen.getByText('Chart')).toBe(chart);
  });
});
