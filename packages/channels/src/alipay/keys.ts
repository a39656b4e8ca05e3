import { generateKeyPairSync } from 'node:crypto';

/** A fresh RSA-2048 pair as PEM (PKCS#8 private, SPKI public) — for tests and the demo, never production. */
export function generateTestKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}
