/** The decrypted receivers' memory: kept ten minutes at most per order, dropped once the order ships. */
import { describe, expect, it } from 'vitest';
import { DECRYPT_KEEP_MS, DecryptedReceivers } from './receiver-decrypt.service.js';

const receiver = { name: '张三', phone: '13800000000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路1号' };

describe('DecryptedReceivers', () => {
  it('answers the receiver until ten minutes have passed, then forgets it', () => {
    let now = 1_000;
    const kept = new DecryptedReceivers(() => now);
    kept.set(7, receiver);
    now += DECRYPT_KEEP_MS - 1;
    expect(kept.get(7)).toEqual(receiver);
    now += 1;
    expect(kept.get(7)).toBeUndefined();
    expect(DECRYPT_KEEP_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it('drop forgets at once; other orders are unaffected', () => {
    const kept = new DecryptedReceivers();
    kept.set(1, receiver);
    kept.set(2, receiver);
    kept.drop(1);
    expect(kept.get(1)).toBeUndefined();
    expect(kept.get(2)).toEqual(receiver);
  });
});
