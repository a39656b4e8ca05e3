import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { parseFieldCiphers } from '../marketplace/decrypt.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { createPddClient, pddCall } from './client.ts';
import { PDD_DECRYPT_MAX, PDD_DECRYPT_TYPE } from './decrypt.ts';
import { pddHandler } from './emulator.ts';

const now = new Date('2026-03-02T02:00:00Z');
let emu: MarketplaceEmulator;
let token: string;
let order: NormalizedOrder;

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [pddHandler], now: () => now, ordersPerShop: 30 });
  const a = emu.authorizeShop('PDD');
  token = (await createPddClient(emu.endpointFor('PDD'), { now: () => now }).exchangeCode({ code: a.code, redirectUri: 'http://x/cb' })).accessToken;
  order = emu.orders('PDD', a.platformShopId).find((o) => o.receiver.decryptHandle) as NormalizedOrder;
});
afterAll(() => emu.close());

describe('PDD pdd.open.decrypt.batch wire', () => {
  it('name, phone and street go as three data items tagged with the order_sn; the answer says data_type 5, 6, 8', async () => {
    const ctx = clientContext(emu.endpointFor('PDD'), { now: () => now });
    const c = parseFieldCiphers(order.receiver.decryptHandle ?? '');
    expect(c?.province).toBe(order.receiver.province);
    const data_list = [c?.name, c?.phone, c?.address].map((encrypted_data) => ({ data_tag: order.platformOrderId, encrypted_data }));
    const node = await pddCall(ctx, PDD_DECRYPT_TYPE, { data_list }, token);
    const truth = emu.core('PDD').orders.get(order.platformOrderId)?.order.receiver;
    expect(node.data_decrypt_list).toMatchObject([
      { data_tag: order.platformOrderId, data_type: 5, decrypted_data: truth?.name, error_code: 0 },
      { data_type: 6, decrypted_data: truth?.phone, error_code: 0 },
      { data_type: 8, decrypted_data: truth?.address, error_code: 0 },
    ]);
    expect(PDD_DECRYPT_MAX * 3).toBeLessThanOrEqual(100);
    const over = await channelError(pddCall(ctx, PDD_DECRYPT_TYPE, { data_list: Array.from({ length: 101 }, () => data_list[0]) }, token));
    expect([over.kind, over.message]).toEqual(['BAD_REQUEST', '拼多多：data_list 不能超过100条（10000）']);
  });
});
