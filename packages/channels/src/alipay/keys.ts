import { generateKeyPairSync } from 'node:crypto';

export interface TestKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** A fresh RSA-2048 pair as PEM (PKCS#8 private, SPKI public) — for tests and the demo, never production. */
export function generateTestKeys(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

const kept = new Map<string, TestKeyPair>();

/**
 * The demo's and the tests' pair for one side (`app`, `alipay`), made once per process. Generating a
 * 2048-bit pair takes 0.1–0.3 s of a core, and every demo server and funds test app needed two:
 * about 6 % of the server tests' CPU. A test that needs a key nobody else holds (a wrong signature)
 * still calls generateTestKeys().
 */
export function processTestKeys(side: 'app' | 'alipay'): TestKeyPair {
  let pair = kept.get(side);
  if (!pair) {
    pair = generateTestKeys();
    kept.set(side, pair);
  }
  return pair;
}
