import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { CertificateDetails, CreatedCertificate } from '../../../shared/contract/certificates.contract.ts';
import { ApiManagementPage } from './ApiManagementPage.tsx';
import type { CertificatePort } from './certificate.machine.ts';

const valid: CertificateDetails = {
  email: 'certificate@northwind.demo',
  thumbprint: '3F9A61C0D2B4E8A7915C0F6E2D4B8A1C7E5F3D2B9A0C1E4F6A8B2D0C9E7F5A31',
  validFrom: '2026-01-05T10:00:00.000Z',
  expirationDate: '2099-01-05T10:00:00.000Z',
};
const created: CreatedCertificate = {
  ...(valid as Required<CertificateDetails>),
  certificatePem: '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIQ…\n-----END CERTIFICATE-----\n',
  privateKeyPem:
    '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg3u1dB2YfVwq0Zk9b\nhRk2n7Xr0a9qO2m4dQ0c0Yb7pR2hRANCAAT2…\n-----END PRIVATE KEY-----\n',
};

/** A certificate server that holds `details`, answers at once, and never fails (or fails on create). */
function port(details: CertificateDetails, failCreate = false): CertificatePort {
  let current = details;
  return {
    details: async () => current,
    create: async () => {
      if (failCreate) throw new Error('The server could not complete the request');
      current = created;
      return created;
    },
    remove: async () => {
      current = {};
    },
  };
}

/** API Management (spec shell §2, §4): the certificate's states, Generate's one-time key, a failure. */
const meta = {
  title: 'Pages/API Management',
  component: ApiManagementPage,
  args: { port: port({}), downloadCertificate: async () => created.certificatePem },
} satisfies Meta<typeof ApiManagementPage>;

export default meta;

type Story = StoryObj<typeof meta>;

/** No certificate: Generate enabled, Delete disabled. */
export const NoCertificate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/You have no API certificate yet/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};

/** A valid certificate: Approved, Generate disabled. */
export const Approved: Story = {
  args: { port: port(valid) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Approved')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Generate' })).toBeDisabled();
  },
};

/** Past its expiration date: Expired, Generate refreshes it. */
export const Expired: Story = {
  args: { port: port({ ...valid, expirationDate: '2025-01-05T10:00:00.000Z' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Expired')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Generate' })).toBeEnabled();
  },
};

/** Just generated: the private key, shown once with its warning. */
export const KeyShownOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/You have no API certificate yet/);
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(await canvas.findByText('Save your private key now')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Private key (PEM)')).toHaveValue(created.privateKeyPem);
  },
};

/** Generate failed: the error flag's message. */
export const Failed: Story = {
  args: { port: port({}, true) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/You have no API certificate yet/);
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(await canvas.findByText(/did not succeed/)).toBeInTheDocument();
  },
};
