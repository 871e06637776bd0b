import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from './ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('Layout overview.json is missing');
}

describe('application-wide error screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports the error with details, time, timezone and what to do', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Error: Layout overview.json is missing');
    expect(main.textContent).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(main.textContent).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(main.textContent).toContain('F5');
    expect(main.textContent).toContain('Ctrl+R');
    expect(main.textContent).toContain('take a screenshot of this page and contact support');
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeTruthy();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
