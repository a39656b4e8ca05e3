/** The request key of SPEC.md section 9: 36 random [a-z0-9] characters, a colon, a timestamp (ms). */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const KEY_LENGTH = 36;
// 252 is the largest multiple of 36 below 256: bytes at or above it are drawn again so every character is equally likely.
const UNBIASED_LIMIT = 252;

export function requestKey(now: number = Date.now()): string {
  let out = '';
  while (out.length < KEY_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(KEY_LENGTH))) {
      if (byte < UNBIASED_LIMIT && out.length < KEY_LENGTH) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${out}:${Math.trunc(now)}`;
}
