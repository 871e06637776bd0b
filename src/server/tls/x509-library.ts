import crypto from 'node:crypto';
import type * as X509 from '@peculiar/x509';

type X509Library = typeof X509;

let loaded: Promise<X509Library> | undefined;

/**
 * @peculiar/x509, loaded when a certificate is made (a first start, an expiring certificate, a client certificate
 * issued), not at every start: with its ASN.1 packages and tsyringe it is about 190 modules. Node's WebCrypto is its
 * provider.
 */
export function x509Library(): Promise<X509Library> {
  loaded ??= (async () => {
    // It resolves its services through tsyringe, which needs the Reflect metadata API first.
    await import('reflect-metadata');
    const x509 = await import('@peculiar/x509');
    x509.cryptoProvider.set(crypto.webcrypto as Crypto);
    return x509;
  })();
  return loaded;
}
