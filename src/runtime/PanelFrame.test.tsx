import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';
import { PanelFrame } from './PanelFrame.tsx';

describe('PanelFrame', () => {
  it('shows the title and a placeholder while loading', () => {
    render(<PanelFrame title="Total Production" state="loading" />);
    expect(screen.getByRole('heading', { name: 'Total Production' })).toBeDefined();
    expect(screen.getByRole('status', { name: 'Loading Total Production' })).toBeDefined();
  });

  it('says there is no data for the period when empty', () => {
    render(<PanelFrame title="Total Production" state="empty" />);
    expect(screen.getByText('No data for this period')).toBeDefined();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the catalogue message when loading failed', () => {
    render(<PanelFrame title="Total Production" state="error" />);
    expect(screen.getByRole('alert').textContent).toContain('Error loading report data');
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
