import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportApiAnswer, reportApiReachable, reportApiUnreachable } from '../api/connection-health.ts';
import { StaleDataLine } from './StaleDataLine.tsx';

// The dom project runs in UTC (vitest.config.ts), so the browser's local time here is UTC.
const at = (time: string) => Date.parse(`2026-11-28T${time}Z`);
const line = () => screen.getByRole('status', { name: 'Data freshness' });

describe('StaleDataLine', () => {
  it('says nothing while the API answers', () => {
    reportApiAnswer(at('10:42:00'));
    render(<StaleDataLine />);
    expect(line().textContent).toBe('');
  });

  it("shows the last answer's time while requests fail, and clears at the next answer", () => {
    reportApiAnswer(at('09:05:59'));
    render(<StaleDataLine />);
    act(() => reportApiUnreachable(at('09:06:30')));
    expect(line().textContent).toBe('Data as of 09:05 — reconnecting');
    act(() => reportApiAnswer(at('09:07:10')));
    expect(line().textContent).toBe('');
  });

  it('uses the 24-hour clock', () => {
    reportApiAnswer(at('22:42:00'));
    reportApiUnreachable(at('22:43:00'));
    render(<StaleDataLine />);
    expect(line().textContent).toBe('Data as of 22:42 — reconnecting');
  });

  it('before any answer says there is no data yet', () => {
    reportApiUnreachable(at('10:00:00'));
    render(<StaleDataLine size="tv" />);
    expect(line().textContent).toBe('No data yet — reconnecting');
    expect(line().querySelector('.stale-data-line--tv')).not.toBeNull();
  });

  it('clears when the portal is reachable again (the health probe)', () => {
    reportApiAnswer(at('10:42:00'));
    reportApiUnreachable(at('10:43:00'));
    render(<StaleDataLine />);
    act(() => reportApiReachable());
    expect(line().textContent).toBe('');
  });
});
