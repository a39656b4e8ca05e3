/**
 * The receiver of a shop order as placing keeps it (docs/decisions/0024-encrypted-receivers-placing.md).
 * The marketplaces encrypt their buyers' receivers: a synced order carries masks for display
 * (冯**, *******9668, 文三路***) and a handle the platform decrypts, or prints its own e-waybill
 * from, when the order ships: Taobao's oaid, the ciphertexts of Douyin, PDD, Kuaishou and
 * Xiaohongshu. JD sends its TDE ciphertexts in the receiver fields themselves, with no mask: those
 * ciphertexts are the handle, and the display shows a mask instead. Placing never needs the plain
 * receiver, so it keeps the masks and the handle; only shipping may ask the platform.
 */
import type { DisplayReceiver } from '@dropship/contract';
import type { ShopOrderSource } from './shop-source.repository.js';

type Source = Pick<
  ShopOrderSource,
  | 'receiverName'
  | 'receiverPhone'
  | 'receiverProvince'
  | 'receiverCity'
  | 'receiverDistrict'
  | 'receiverAddress'
  | 'receiverEncrypted'
  | 'receiverDecryptHandle'
>;

export interface PlatformReceiverOf {
  /** What the place page and the order show: the platform's masks when encrypted, never a ciphertext. */
  receiver: DisplayReceiver;
  /** What the platform decrypts; null for a plain receiver, and for an encrypted one the platform gave no handle for. */
  handle: string | null;
}

const masked = (s: string) => s.includes('*');
const CIPHER_MASK = { name: '***', phone: '****', address: '***' };

export function platformReceiverOf(o: Source): PlatformReceiverOf {
  const area = { province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict };
  const stored = { name: o.receiverName, phone: o.receiverPhone, address: o.receiverAddress };
  if (!o.receiverEncrypted) return { receiver: { ...stored, ...area, encrypted: false }, handle: null };
  const masks = [stored.name, stored.phone, stored.address].some(masked);
  const empty = [stored.name, stored.phone, stored.address].every((s) => s === '');
  // Ciphertexts in the receiver fields (JD) are shown as a mask, never as they are.
  const display = masks || empty ? stored : CIPHER_MASK;
  // Masks without a handle (or nothing at all): nobody can decrypt it, the seller must type the receiver.
  const handle = o.receiverDecryptHandle ?? (masks || empty ? null : JSON.stringify(stored));
  return { receiver: { ...display, ...area, encrypted: true }, handle };
}

/** An encrypted receiver placing can keep: the platform can decrypt it when the order ships. */
export const keepsPlatformReceiver = (p: PlatformReceiverOf) => p.receiver.encrypted && p.handle !== null;
