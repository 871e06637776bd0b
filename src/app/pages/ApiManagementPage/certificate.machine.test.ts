import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CertificateDetails, CreatedCertificate } from '../../../shared/contract/certificates.contract.ts';
import { canDelete, canGenerate, certificateMachine, type CertificatePort } from './certificate.machine.ts';

// Spec shell §4 "Certificate": none, approved (valid), expired, waiting while loading; Generate creates when none,
// refreshes when expired (delete, then create), disabled while waiting or valid; Delete disabled with none; a failure
// sets an error flag.

const NOW = new Date('2026-03-02T09:00:00Z');
const valid: CertificateDetails = {
  email: 'cece@northwind.demo',
  thumbprint: 'AB'.repeat(32),
  validFrom: '2026-01-01T00:00:00.000Z',
  expirationDate: '2027-01-01T00:00:00.000Z',
};
const expired: CertificateDetails = { ...valid, expirationDate: '2026-03-01T00:00:00.000Z' };
const created: CreatedCertificate = {
  email: 'cece@northwind.demo',
  thumbprint: 'CD'.repeat(32),
  validFrom: '2026-03-02T09:00:00.000Z',
  expirationDate: '2027-03-02T09:00:00.000Z',
  certificatePem: '-----BEGIN CERTIFICATE-----\nnew\n-----END CERTIFICATE-----\n',
  privateKeyPem: '-----BEGIN PRIVATE KEY-----\nkey\n-----END PRIVATE KEY-----\n',
};

function fakePort(details: CertificateDetails, overrides: Partial<CertificatePort> = {}) {
  const calls: string[] = [];
  const port: CertificatePort = {
    details: vi.fn(async () => {
      calls.push('details');
      return details;
    }),
    create: vi.fn(async () => {
      calls.push('create');
      return created;
    }),
    remove: vi.fn(async () => {
      calls.push('remove');
    }),
    ...overrides,
  };
  return { port, calls };
}

async function started(port: CertificatePort) {
  const actor = createActor(certificateMachine, { input: { port, now: () => NOW } });
  actor.start();
  expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
  expect(canGenerate(actor.getSnapshot())).toBe(false);
  expect(canDelete(actor.getSnapshot())).toBe(false);
  await waitFor(actor, (snapshot) => !snapshot.hasTag('waiting'));
  return actor;
}

describe('certificate machine', () => {
  it('is none when the answer has no e-mail: Generate enabled, Delete disabled; Generate creates', async () => {
    const { port, calls } = fakePort({});
    const actor = await started(port);
    expect(actor.getSnapshot().value).toBe('none');
    expect(canGenerate(actor.getSnapshot())).toBe(true);
    expect(canDelete(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'certificate.delete' });
    expect(actor.getSnapshot().value).toBe('none');

    actor.send({ type: 'certificate.generate' });
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('approved'));
    expect(calls).toEqual(['details', 'create']);
    expect(actor.getSnapshot().context.certificate?.thumbprint).toBe(created.thumbprint);
    expect(actor.getSnapshot().context.issuedKey?.privateKeyPem).toBe(created.privateKeyPem);
    actor.send({ type: 'key.dismiss' });
    expect(actor.getSnapshot().context.issuedKey).toBeNull();
  });

  it('is approved with a valid certificate: Generate disabled, Delete enabled', async () => {
    const { port, calls } = fakePort(valid);
    const actor = await started(port);
    expect(actor.getSnapshot().value).toBe('approved');
    expect(canGenerate(actor.getSnapshot())).toBe(false);
    expect(canDelete(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'certificate.generate' });
    expect(actor.getSnapshot().value).toBe('approved');
    expect(calls).toEqual(['details']);
  });

  it('is expired past its expiration date, and Generate refreshes it: delete, then create', async () => {
    const { port, calls } = fakePort(expired);
    const actor = await started(port);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(canGenerate(actor.getSnapshot())).toBe(true);
    expect(canDelete(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'certificate.generate' });
    await waitFor(actor, (snapshot) => snapshot.matches('approved'));
    expect(calls).toEqual(['details', 'remove', 'create']);
  });

  it('deletes to none', async () => {
    const { port, calls } = fakePort(valid);
    const actor = await started(port);
    actor.send({ type: 'certificate.delete' });
    expect(actor.getSnapshot().hasTag('waiting')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('none'));
    expect(calls).toEqual(['details', 'remove']);
    expect(actor.getSnapshot().context.certificate).toBeNull();
  });

  it('sets the error flag when a call fails, shows what the server has, and clears it on the next action', async () => {
    const { port } = fakePort(
      {},
      {
        create: vi.fn(async () => {
          throw new Error('500');
        }),
      },
    );
    const actor = await started(port);
    actor.send({ type: 'certificate.generate' });
    await waitFor(actor, (snapshot) => snapshot.matches('none') && snapshot.context.error);
    expect(actor.getSnapshot().context.issuedKey).toBeNull();
    actor.send({ type: 'certificate.generate' });
    expect(actor.getSnapshot().context.error).toBe(false);
  });

  it('sets the error flag when loading fails', async () => {
    const { port } = fakePort(
      {},
      {
        details: vi.fn(async () => {
          throw new Error('network');
        }),
      },
    );
    const actor = await started(port);
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.error).toBe(true);
  });
});
