import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { CertificateDetails, CreatedCertificate } from '../../../shared/contract/certificates.contract.ts';

/** API Management's calls (spec shell §7), injected so the machine is tested without a server. */
export interface CertificatePort {
  details(): Promise<CertificateDetails>;
  create(): Promise<CreatedCertificate>;
  remove(): Promise<void>;
}

/** A certificate the user has; the answer without an e-mail means none (spec shell §3 "Certificate"). */
export type Certificate = Required<CertificateDetails>;

/** What Generate handed over once: the certificate and its private key, never kept by the portal. */
export interface IssuedKey {
  certificatePem: string;
  privateKeyPem: string;
}

export interface CertificateContext {
  port: CertificatePort;
  /** The time a certificate's expiry is judged at. */
  now: () => Date;
  certificate: Certificate | null;
  /** The key of the certificate just generated, shown until the user dismisses it. */
  issuedKey: IssuedKey | null;
  /** The last call failed (spec shell §4: failure sets an error flag). */
  error: boolean;
}

export type CertificateEvent =
  { type: 'certificate.generate' } | { type: 'certificate.delete' } | { type: 'key.dismiss' };

/** The certificate of an answer, or null when the answer has none (no e-mail). */
export function certificateOf(details: CertificateDetails): Certificate | null {
  const { email, thumbprint, expirationDate, validFrom } = details;
  if (email === undefined || email === '') return null;
  return { email, thumbprint: thumbprint ?? '', expirationDate: expirationDate ?? '', validFrom: validFrom ?? '' };
}

/** The context after Generate: the new certificate, and its key to show once. */
function generated(created: CreatedCertificate): Pick<CertificateContext, 'certificate' | 'issuedKey'> {
  return {
    certificate: certificateOf(created),
    issuedKey: { certificatePem: created.certificatePem, privateKeyPem: created.privateKeyPem },
  };
}

const isExpired = (certificate: Certificate, now: Date) => new Date(certificate.expirationDate) <= now;

/**
 * The certificate of API Management (spec shell §4 "Certificate"): `waiting` while a call runs (loading, generating,
 * refreshing, deleting), then `none`, `approved` (valid) or `expired`. Generate creates when there is none and refreshes
 * an expired one (delete, then create); a valid certificate cannot be generated over. Delete needs a certificate. A
 * failed call sets `error` and reloads what the server has; the next call clears it. A generated key stays in
 * `issuedKey` until `key.dismiss`.
 */
export const certificateMachine = setup({
  types: {
    context: {} as CertificateContext,
    input: {} as { port: CertificatePort; now?: () => Date },
    events: {} as CertificateEvent,
  },
  actors: {
    loadDetails: fromPromise<CertificateDetails, CertificatePort>(({ input }) => input.details()),
    createCertificate: fromPromise<CreatedCertificate, CertificatePort>(({ input }) => input.create()),
    refreshCertificate: fromPromise<CreatedCertificate, CertificatePort>(async ({ input }) => {
      await input.remove();
      return input.create();
    }),
    deleteCertificate: fromPromise<void, CertificatePort>(({ input }) => input.remove()),
  },
  guards: {
    hasNone: ({ context }) => context.certificate === null,
    hasExpired: ({ context }) => context.certificate !== null && isExpired(context.certificate, context.now()),
  },
  actions: {
    clearError: assign({ error: false }),
    setError: assign({ error: true }),
  },
}).createMachine({
  id: 'certificate',
  context: ({ input }) => ({
    port: input.port,
    now: input.now ?? (() => new Date()),
    certificate: null,
    issuedKey: null,
    error: false,
  }),
  initial: 'loading',
  on: { 'key.dismiss': { actions: assign({ issuedKey: null }) } },
  states: {
    loading: {
      tags: ['waiting'],
      invoke: {
        src: 'loadDetails',
        input: ({ context }) => context.port,
        onDone: {
          target: 'settled',
          actions: assign({ certificate: ({ event }) => certificateOf(event.output) }),
        },
        onError: { target: 'settled', actions: 'setError' },
      },
    },
    /** Which of none, approved and expired the certificate is in. */
    settled: {
      always: [
        { guard: 'hasNone', target: 'none' },
        { guard: 'hasExpired', target: 'expired' },
        { target: 'approved' },
      ],
    },
    none: {
      on: {
        'certificate.generate': { target: 'generating', actions: 'clearError' },
      },
    },
    approved: {
      on: { 'certificate.delete': { target: 'deleting', actions: 'clearError' } },
    },
    expired: {
      on: {
        'certificate.generate': { target: 'refreshing', actions: 'clearError' },
        'certificate.delete': { target: 'deleting', actions: 'clearError' },
      },
    },
    generating: {
      tags: ['waiting'],
      invoke: {
        src: 'createCertificate',
        input: ({ context }) => context.port,
        onDone: { target: 'settled', actions: assign(({ event }) => generated(event.output)) },
        onError: { target: 'loading', actions: 'setError' },
      },
    },
    refreshing: {
      tags: ['waiting'],
      invoke: {
        src: 'refreshCertificate',
        input: ({ context }) => context.port,
        onDone: { target: 'settled', actions: assign(({ event }) => generated(event.output)) },
        onError: { target: 'loading', actions: 'setError' },
      },
    },
    deleting: {
      tags: ['waiting'],
      invoke: {
        src: 'deleteCertificate',
        input: ({ context }) => context.port,
        onDone: { target: 'none', actions: assign({ certificate: null }) },
        onError: { target: 'loading', actions: 'setError' },
      },
    },
  },
});

export type CertificateSnapshot = SnapshotFrom<typeof certificateMachine>;

/** Spec shell §4: Generate is disabled while waiting or while a valid certificate exists. */
export function canGenerate(snapshot: CertificateSnapshot): boolean {
  return snapshot.matches('none') || snapshot.matches('expired');
}

/** Spec shell §4: Delete is disabled with no certificate (and while waiting). */
export function canDelete(snapshot: CertificateSnapshot): boolean {
  return snapshot.matches('approved') || snapshot.matches('expired');
}
