import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CertificateDetails, CreatedCertificate } from '../../../shared/contract/certificates.contract.ts';
import { jsonResponse } from '../../testing/fake-api.ts';
import { ADMIN, READ_ONLY } from '../../testing/fake-identity.ts';
import { renderApp } from '../../testing/render-app.tsx';

/**
 * Spec shell §2 "API Management page" (Generate, Delete, a one-row table: name, thumbprint, status, expiration date,
 * actions download certificate and API documentation), §4 "Certificate" (none, approved, expired, waiting), §6
 * (Certificate role), §7 (the four calls).
 */

const THUMBPRINT = 'A1'.repeat(32);
const valid: CertificateDetails = {
  email: 'avery@northwind.demo',
  thumbprint: THUMBPRINT,
  validFrom: '2026-01-05T10:00:00.000Z',
  expirationDate: '2099-01-05T10:00:00.000Z',
};
const created: CreatedCertificate = {
  email: 'avery@northwind.demo',
  thumbprint: 'B2'.repeat(32),
  validFrom: '2026-03-02T09:00:00.000Z',
  expirationDate: '2099-03-02T09:00:00.000Z',
  certificatePem: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END PRIVATE KEY-----\n',
};

/** The certificate calls of a fake server that holds `initial` and records the calls made. */
function renderApiPage(initial: CertificateDetails, options: { failCreate?: boolean } = {}) {
  let current = initial;
  const calls: string[] = [];
  const view = renderApp({
    path: '/api',
    user: ADMIN,
    api: {
      '/api/users/certificate-details': () => {
        calls.push('details');
        return jsonResponse(current);
      },
      '/api/users/create-certificate': () => {
        calls.push('create');
        if (options.failCreate === true) return jsonResponse({ statusCode: 500, error: 'x', message: 'x' }, 500);
        current = created;
        return jsonResponse(created);
      },
      '/api/users/delete-certificate': () => {
        calls.push('delete');
        current = {};
        return new Response(null, { status: 204 });
      },
      '/api/users/certificate-file': () => new Response(created.certificatePem),
    },
  });
  return { view, calls };
}

/** The link a download clicked last (the spy's `this`). */
const lastClicked = (instances: readonly unknown[]) => instances.at(-1) as HTMLAnchorElement | undefined;

const generate = () => screen.getByRole('button', { name: 'Generate' });
const remove = () => screen.getByRole('button', { name: 'Delete' });
const certificateRow = async () => {
  const table = await screen.findByRole('table', { name: 'Your API certificate' });
  return within(table).getAllByRole('row')[1] as HTMLElement;
};

describe('API Management page', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('without a certificate: says so, Generate enabled and Delete disabled', async () => {
    renderApiPage({});
    expect(await screen.findByRole('heading', { name: 'API Management' })).toBeDefined();
    expect(await screen.findByText('You have no API certificate yet. Generate one to use the data API.')).toBeDefined();
    expect((generate() as HTMLButtonElement).disabled).toBe(false);
    expect((remove() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a valid certificate in one row: name, thumbprint, Approved, expiration, download and documentation', async () => {
    renderApiPage(valid);
    const row = await certificateRow();
    await within(row).findByText('avery@northwind.demo');
    expect(within(row).getByText(THUMBPRINT)).toBeDefined();
    expect(within(row).getByText('Approved')).toBeDefined();
    expect(within(row).getByText('January 05, 2099')).toBeDefined();
    expect(within(row).getByRole('button', { name: 'Download certificate' })).toBeDefined();
    const docs = within(row).getByRole('link', { name: 'API documentation' });
    expect(docs.getAttribute('href')).toBe('/api/public-api/docs/');
    // A valid certificate cannot be generated over; it can be deleted.
    expect((generate() as HTMLButtonElement).disabled).toBe(true);
    expect((remove() as HTMLButtonElement).disabled).toBe(false);
  });

  it('marks an expired certificate Expired, and Generate refreshes it: delete, then create', async () => {
    const { calls } = renderApiPage({ ...valid, expirationDate: '2020-01-05T10:00:00.000Z' });
    const row = await certificateRow();
    await within(row).findByText('Expired');
    expect((generate() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(generate());
    await screen.findByText('Save your private key now');
    expect(calls).toEqual(['details', 'delete', 'create']);
  });

  it('Generate creates a certificate and shows its private key once, with the warning, until dismissed', async () => {
    const { calls } = renderApiPage({});
    await screen.findByText('You have no API certificate yet. Generate one to use the data API.');
    fireEvent.click(generate());
    await screen.findByText('Save your private key now');
    expect(screen.getByRole('alert').textContent).toContain('shown only this once');
    const key = screen.getByLabelText('Private key (PEM)') as HTMLTextAreaElement;
    expect(key.value).toBe(created.privateKeyPem);
    expect(within(await certificateRow()).getByText(created.thumbprint)).toBeDefined();
    expect((generate() as HTMLButtonElement).disabled).toBe(true);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download key.pem' }));
    expect(lastClicked(click.mock.instances)?.download).toBe('key.pem');
    fireEvent.click(screen.getByRole('button', { name: 'I have saved the key' }));
    expect(screen.queryByLabelText('Private key (PEM)')).toBeNull();
    expect(calls).toEqual(['details', 'create']);
    click.mockRestore();
  });

  it('downloads the certificate as certificate.crt', async () => {
    renderApiPage(valid);
    const row = await certificateRow();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(await within(row).findByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(lastClicked(click.mock.instances)?.download).toBe('certificate.crt');
    click.mockRestore();
  });

  it('Delete revokes the certificate and returns to none', async () => {
    const { calls } = renderApiPage(valid);
    await within(await certificateRow()).findByText('Approved');
    fireEvent.click(remove());
    await screen.findByText('You have no API certificate yet. Generate one to use the data API.');
    expect(calls).toEqual(['details', 'delete']);
    expect((remove() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the error flag when Generate fails, and no key', async () => {
    renderApiPage({}, { failCreate: true });
    await screen.findByText('You have no API certificate yet. Generate one to use the data API.');
    fireEvent.click(generate());
    expect(await screen.findByText('The certificate request did not succeed. Please try again.')).toBeDefined();
    expect(screen.queryByLabelText('Private key (PEM)')).toBeNull();
  });

  it('sends a user without the Certificate role home (spec shell §2 protected routes)', async () => {
    renderApp({ path: '/api', user: READ_ONLY, api: {} });
    await waitFor(() => expect(window.location.pathname).not.toBe('/api'));
    expect(screen.queryByRole('heading', { name: 'API Management' })).toBeNull();
  });
});
