/**
 * The one receiver vault of the process, set from the configuration where the app is built
 * (app.ts) and before the demo seed writes orders (prepared-database.ts). Every write of a plain
 * receiver seals through it; only the paths that ship (the waybill, its label) and the seller's own
 * order detail open; lists, exports and logs read the masked columns and never open.
 */
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import type { Config } from '../../config.js';
import { keyFileRing, parseReceiverKeys } from './key-ring.js';
import { createReceiverVault, type PlainReceiver, type ReceiverVault } from './vault.js';

export { KEY_FILE, keyFileRing, parseReceiverKeys } from './key-ring.js';
export { createReceiverVault, type PlainReceiver, type ReceiverVault, ReceiverVaultError } from './vault.js';

type VaultConfig = Pick<Config, 'receiverKeys' | 'receiverKeyDir' | 'production'>;

let active: { source: string; vault: ReceiverVault } | undefined;

/** Makes the configured keys the process's vault (a no-op when they are the ones in use). */
export function useReceiverKeys(config: VaultConfig): ReceiverVault {
  const source = config.receiverKeys ? `env:${config.receiverKeys}` : `dir:${config.receiverKeyDir}`;
  if (active?.source !== source) {
    active = { source, vault: createReceiverVault(config.receiverKeys ? parseReceiverKeys(config.receiverKeys) : keyFileRing(config.receiverKeyDir)) };
  }
  return active.vault;
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

/** A phone we or the platform masked: nothing plain to keep. */
export const isMaskedPhone = (phone: string) => phone.includes('*');

/** The display values stored in the plain columns (SPEC.md section 5). */
export function maskReceiver(r: PlainReceiver): PlainReceiver {
  return { name: maskName(r.name), phone: maskPhone(r.phone), address: maskAddress(r.address) };
}
