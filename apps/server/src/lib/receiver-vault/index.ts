/**
 * The one receiver vault of the process, set from the configuration where the app is built
 * (app.ts) and before the demo seed writes orders (prepared-database.ts). Every write of a plain
 * receiver seals through it; only the paths that need the plain receiver open it (the waybill and
 * its label, placing from a shop order, the seller's own details and fix forms: docs/security.md
 * 收货人数据); lists, exports and logs read the masked columns and never open.
 */
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import type { Config } from '../../config.js';
import { keyFileRing, parseReceiverKeys } from './key-ring.js';
import { createReceiverVault, type PlainReceiver, type ReceiverVault } from './vault.js';

export { KEY_FILE, keyFileRing, parseReceiverKeys } from './key-ring.js';
export { createReceiverVault, type PlainReceiver, type ReceiverVault, ReceiverVaultError } from './vault.js';

export type VaultConfig = Pick<Config, 'receiverKeys' | 'receiverKeyDir' | 'production'>;

let active: { source: string; config: VaultConfig; vault: ReceiverVault } | undefined;

/** Makes the configured keys the process's vault (a no-op when they are the ones in use). */
export function useReceiverKeys(config: VaultConfig): ReceiverVault {
  const source = config.receiverKeys ? `env:${config.receiverKeys}` : `dir:${config.receiverKeyDir}`;
  if (active?.source !== source) {
    active = {
      source,
      config: { receiverKeys: config.receiverKeys, receiverKeyDir: config.receiverKeyDir, production: config.production },
      vault: createReceiverVault(config.receiverKeys ? parseReceiverKeys(config.receiverKeys) : keyFileRing(config.receiverKeyDir)),
    };
  }
  return active.vault;
}

/** The keys' configuration in use, for a worker thread to make the same vault (a thread has its own modules). */
export function receiverKeysInUse(): VaultConfig {
  if (!active) throw new Error('receiver vault used before useReceiverKeys(config)');
  return active.config;
}

/** A generated key file is for the demo: production must hold its keys outside the data directory (checked where serving starts). */
export function assertReceiverKeys(config: VaultConfig) {
  if (config.production && !config.receiverKeys) {
    throw new Error(
      '生产环境（NODE_ENV=production）必须设置 RECEIVER_KEYS（收货人信息加密密钥，格式“k1:Base64编码的32字节密钥”，可用 openssl rand -base64 32 生成），详见 docs/security.md“收货人数据”。',
    );
  }
}

export function receiverVault(): ReceiverVault {
  if (!active) throw new Error('receiver vault used before useReceiverKeys(config)');
  return active.vault;
}

/** The last four digits of a phone, stored plain beside the masked phone for the 手机尾号 filters (a masked phone keeps them). */
export const phoneTail = (phone: string) => /(\d{4})\D*$/.exec(phone)?.[1] ?? '';

/** A phone we or the platform masked: nothing plain to keep. */
export const isMaskedPhone = (phone: string) => phone.includes('*');

/** The display values stored in the plain columns (SPEC.md section 5). */
export function maskReceiver(r: PlainReceiver): PlainReceiver {
  return { name: maskName(r.name), phone: maskPhone(r.phone), address: maskAddress(r.address) };
}

export interface ReceiverColumns {
  receiverName: string;
  receiverPhone: string;
  receiverProvince: string;
  receiverCity: string;
  receiverDistrict?: string | null;
  receiverAddress: string;
}

/** A receiver as a form or a platform names it → the orders' receiver columns. */
export function receiverColumnsOf<D extends string | null | undefined>(r: {
  name: string;
  phone: string;
  province: string;
  city: string;
  district: D;
  address: string;
}): ReceiverColumns & { receiverDistrict: D } {
  return {
    receiverName: r.name,
    receiverPhone: r.phone,
    receiverProvince: r.province,
    receiverCity: r.city,
    receiverDistrict: r.district,
    receiverAddress: r.address,
  };
}

/**
 * The stored form of a plain receiver: its masked display values, the sealed plain one and its
 * HMAC. A receiver that is already masked (a platform's) has nothing plain to keep and is stored as given.
 */
export function sealReceiverColumns(o: ReceiverColumns) {
  if (isMaskedPhone(o.receiverPhone)) return { receiverSealed: null, receiverKey: null };
  const plain = { name: o.receiverName, phone: o.receiverPhone, address: o.receiverAddress };
  const vault = receiverVault();
  const masked = maskReceiver(plain);
  return {
    receiverName: masked.name,
    receiverPhone: masked.phone,
    receiverAddress: masked.address,
    receiverSealed: vault.seal(plain),
    receiverKey: vault.receiverKey({ ...plain, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict ?? '' }),
  };
}

/**
 * The one way back to a plain receiver: the sealed one when kept, else the stored (masked) columns.
 * For the paths that ship and the seller's own detail, never for a list, an export or a log.
 */
export function plainReceiverOf(o: { receiverName: string; receiverPhone: string; receiverAddress: string; receiverSealed: string | null }): PlainReceiver {
  if (!o.receiverSealed) return { name: o.receiverName, phone: o.receiverPhone, address: o.receiverAddress };
  return receiverVault().open(o.receiverSealed);
}
