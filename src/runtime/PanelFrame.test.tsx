import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { EMPTY_STATE_ICONS } from '../shared/layout/empty-states.ts';
import { EMPTY_STATE_ICON_VIEWS, PanelFrame } from './PanelFrame.tsx';

describe('PanelFrame', () => {
  it('shows the title and a chart placeholder while loading', () => {
    render(<PanelFrame title="Production" state="loading" />);
    expect(screen.getByRole('heading', { name: 'Production' })).toBeDefined();
    const placeholder = screen.getByRole('status', { name: 'Loading Production' });
    expect(placeholder.className).toContain('panel-frame__placeholder--chart');
    expect(screen.getByRole('region', { name: 'Production' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows a card placeholder for kinds that ask for it', () => {
    render(<PanelFrame title="Total Production" state="loading" placeholder="card" />);
    expect(screen.getByRole('status', { name: 'Loading Total Production' }).className).toContain(
      'panel-frame__placeholder--card',
    );
  });

  it('says there is no data for this period with the empty-state icon by default', () => {
    render(<PanelFrame title="Total Production" state="empty" />);
    expect(screen.getByText('No data for this period')).toBeDefined();
    expect(screen.getByRole('img', { name: 'Empty' })).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['tank', 'Tank', 'pi-database'],
    ['event', 'Event', 'pi-calendar-times'],
    ['list', 'List', 'pi-list'],
    ['empty-state', 'Empty', 'pi-inbox'],
    ['printer-not-reported', 'Printer not reported', 'pi-print'],
  ] as const)('draws the %s icon of the empty-state catalogue', (icon, label, className) => {
    render(<PanelFrame title="Ink" state="empty" emptyState={{ message: 'There is no available data', icon }} />);
    expect(screen.getByText('There is no available data')).toBeDefined();
    expect(screen.getByRole('img', { name: label }).className).toContain(className);
  });

  it("shows the message alone for 'no-icon'", () => {
    render(<PanelFrame title="Ink" state="empty" emptyState={{ message: 'Nothing Was Selected', icon: 'no-icon' }} />);
    expect(screen.getByText('Nothing Was Selected')).toBeDefined();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('gives every icon of the catalogue a view', () => {
    expect(Object.keys(EMPTY_STATE_ICON_VIEWS).sort()).toEqual([...EMPTY_STATE_ICONS].sort());
  });

  it('shows the catalogue message when loading failed', () => {
    render(<PanelFrame title="Total Production" state="error" />);
    expect(screen.getByRole('alert').textContent).toBe('Error loading report data');
  });

  it('renders the panel when ready, with or without its own title', () => {
    const { rerender } = render(
      <PanelFrame title="Total Production" state="ready">
        <p>chart</p>
      </PanelFrame>,
    );
    expect(screen.getByText('chart')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Total Production' })).toBeDefined();
    rerender(
      <PanelFrame title="Total Production" state="ready" showTitleWhenReady={false}>
        <p>chart</p>
      </PanelFrame>,
    );
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('region', { name: 'Total Production' }).getAttribute('aria-busy')).toBe('false');
  });
});

describe('PanelErrorBoundary', () => {
  function Broken(): never {
    throw new Error('bad data');
  }

  it('shows the panel error state when the panel throws, and leaves its siblings alone', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <PanelErrorBoundary title="Broken panel">
          <Broken />
        </PanelErrorBoundary>
        <PanelErrorBoundary title="Fine panel">
          <p>fine</p>
        </PanelErrorBoundary>
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Broken panel' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain('Error loading report data');
    expect(screen.getByText('fine')).toBeDefined();
    consoleError.mockRestore();
  });
});
