/**
 * The anti-forgery pair the server checks on every state-changing call: x-timestamp and
 * x-sign = hex SHA-256 of "token:timestamp" (apps/server/src/plugins/auth.ts, expectedSign).
 * SHA-256 comes from @noble/hashes, not crypto.subtle: browsers expose crypto.subtle only in
 * secure contexts, and the back-office is often opened over plain http on an intranet host.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

export async function signHeaders(token: string, nowMs: number): Promise<{ timestamp: string; sign: string }> {
  const timestamp = String(Math.trunc(nowMs));
  return { timestamp, sign: sha256Hex(`${token}:${timestamp}`) };
}
