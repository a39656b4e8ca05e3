/**
 * The receiver of a dropship order at rest (decision in docs/security.md 收货人数据): what the write
 * paths hand the repository is the plain receiver; what is stored is its masked display values,
 * the sealed plain one and its equality key. `plainReceiverOf` is the one way back to the plain
 * receiver, for the paths that ship (the waybill and its label) and the seller's own detail.
 */
import { isMaskedPhone, maskReceiver, receiverVault } from '../../lib/receiver-vault/index.js';

interface ReceiverColumns {
  receiverName: string;
  receiverPhone: string;
  receiverProvince: string;
  receiverCity: string;
  receiverDistrict?: string | null;
  receiverAddress: string;
}

const phoneTail = (phone: string) => /(\d{4})\D*$/.exec(phone)?.[1] ?? '';

/** The stored form of a receiver: masked columns, sealed plain text and HMAC (none for a receiver that is already masked). */
export function sealedReceiverColumns(o: ReceiverColumns) {
  const plain = { name: o.receiverName, phone: o.receiverPhone, address: o.receiverAddress };
  const receiverPhoneTail = phoneTail(o.receiverPhone);
  if (isMaskedPhone(o.receiverPhone)) return { receiverPhoneTail, receiverSealed: null, receiverKey: null };
  const vault = receiverVault();
  const masked = maskReceiver(plain);
  return {
    receiverName: masked.name,
    receiverPhone: masked.phone,
    receiverAddress: masked.address,
    receiverPhoneTail,
    receiverSealed: vault.seal(plain),
    receiverKey: vault.receiverKey({ ...plain, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict ?? '' }),
  };
}

/** The plain receiver when one is kept, else the stored (masked) one: never for a list, an export or a log. */
export function plainReceiverOf(o: { receiverName: string; receiverPhone: string; receiverAddress: string; receiverSealed: string | null }) {
  if (!o.receiverSealed) return { name: o.receiverName, phone: o.receiverPhone, address: o.receiverAddress };
  return receiverVault().open(o.receiverSealed);
}
