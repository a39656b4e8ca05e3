/**
 * The emulators' privacy-waybill print data, and what a print-component emulator uses to check and
 * read it. A real platform encrypts the print message with a key only its print component holds
 * and signs it; here the key and the HMAC secret come from one per-source secret,
 * emulatorPrintSecret(source), which is public and deterministic so a print-component emulator in
 * any process (the browser tests' page, the demo) can verify and open what the marketplace emulator
 * issued without sharing state. Never used with a real platform's data.
 *
 * For a print-component emulator:
 *   const secret = emulatorPrintSecret(printData.source);
 *   if (!verifyPrintData(printData, secret)) → refuse (the real components refuse a bad signature);
 *   const content = openPrintData(printData, secret); → waybill number, courier, sender, masked receiver.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PlatformPrintData, WaybillParty, WaybillSource } from './waybill-types.ts';

/** What the encrypted print data carries (the real ones carry the same facts in their own layout). */
export interface PrintContent {
  source: WaybillSource;
  waybillCode: string;
  /** Our courier code and the platform's. */
  courierCode: string;
  platformCourier: string;
  sender: WaybillParty;
  /** The receiver handle as the platform served it, still encrypted. */
  receiverHandle: string;
  /** The receiver as a print preview may show it (masked; the real component prints the plain one on paper). */
  receiverMasked: { name: string; phone: string; province: string; city: string; district: string; address: string };
  platformOrderIds: string[];
  items: { name: string; count: number }[];
  weightG?: number;
  issuedAt: string;
}

/** The secret of a source's emulated print component (key and signature both derive from it). */
export function emulatorPrintSecret(source: WaybillSource): string {
  return createHmac('sha256', 'dropship-emulator-print-component').update(source).digest('hex');
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('print-data-key').digest();
// The signature covers the ciphertext only: platforms hand the template URL out separately (Douyin's template list).
const signOf = (p: { source: string; encryptedData: string }, secret: string) =>
  createHmac('sha256', secret).update(`${p.source}\n${p.encryptedData}`).digest('base64');

/** Encrypts (AES-256-GCM) and signs (HMAC-SHA256 over source and ciphertext) a print message. */
export function sealPrintData(content: PrintContent, templateUrl: string, secret = emulatorPrintSecret(content.source)): PlatformPrintData {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([c.update(JSON.stringify(content), 'utf8'), c.final()]);
  const encryptedData = Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
  return { source: content.source, encryptedData, signature: signOf({ source: content.source, encryptedData }, secret), templateUrl, ver: '1' };
}

/** True when the signature is the one the source's print component expects for this data. */
export function verifyPrintData(p: PlatformPrintData, secret: string): boolean {
  const want = Buffer.from(signOf(p, secret));
  const got = Buffer.from(p.signature ?? '');
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The print message, or undefined when the signature or the ciphertext does not hold. */
export function openPrintData(p: PlatformPrintData, secret: string): PrintContent | undefined {
  if (!verifyPrintData(p, secret)) return undefined;
  try {
    const raw = Buffer.from(p.encryptedData, 'base64');
    const d = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    return JSON.parse(text) as PrintContent;
  } catch {
    return undefined;
  }
}
