import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '../../testing/fake-api.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { tokenOf } from './UnsubscribePage.tsx';

/** Spec shell §2 "Unsubscribe page", §4 "Unsubscribe", §8 (unsubscribe non-ok). Public: nobody is signed in here. */

function renderUnsubscribe(status: number) {
  const bodies: unknown[] = [];
  const view = renderApp({
    path: '/unsubscribe?token=abc.def',
    user: null,
    api: {
      '/api/email-reports-scheduler/unsubscribe': (_url: URL, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return status === 204 ? new Response(null, { status }) : jsonResponse({ statusCode: status }, status);
      },
    },
  });
  return { ...view, bodies };
}

describe('Unsubscribe page', () => {
  it("takes the token after the equals sign, sends it with the typed address and shows 'Success'", async () => {
    const { bodies } = renderUnsubscribe(204);
    expect(await screen.findByRole('heading', { name: 'Unsubscribe' })).toBeTruthy();
    expect(screen.getByText('We are sorry to see you go')).toBeTruthy();
    expect(screen.getByText(/stop receiving the weekly production performance summary e-mail/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Success')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'ann@example.test', token: 'abc.def' }]);
  });

  it('shows the red generic error for a refused token (403 too) and lets the user try again', async () => {
    renderUnsubscribe(403);
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ann@example.test' } });
    const button = screen.getByRole('button', { name: 'Unsubscribe' });
    fireEvent.click(button);
    const error = await screen.findByText('something went wrong, try again');
    expect(error.className).toBe('unsubscribe__error');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
  });

  it('reads the token as everything after the first equals sign', () => {
    expect(tokenOf('?token=a.b')).toBe('a.b');
    expect(tokenOf('')).toBe('');
  });
});
