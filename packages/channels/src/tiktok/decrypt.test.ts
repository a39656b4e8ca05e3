import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { parseFieldCiphers } from '../marketplace/decrypt.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { createDoudianClient, doudianCall } from './client.ts';
import { DOUDIAN_DECRYPT_MAX, DOUDIAN_DECRYPT_METHOD } from './decrypt.ts';
import { tiktokHandler } from './emulator.ts';

const now = new Date('2026-03-02T02:00:00Z');
let emu: MarketplaceEmulator;
let token: string;
let order: NormalizedOrder;

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [tiktokHandler], now: () => now, ordersPerShop: 20 });
  const a = emu.authorizeShop('TIKTOK');
  token = (await createDoudianClient(emu.endpointFor('TIKTOK'), { now: () => now }).exchangeCode({ code: a.code, redirectUri: 'http://x/cb' })).accessToken;
  order = emu.orders('TIKTOK', a.platformShopId)[0] as NormalizedOrder;
});
afterAll(() => emu.close());

describe('Douyin order.batchDecrypt wire', () => {
  it('each ciphertext goes with the order id as auth_id and comes back with its text; over 50 is a parameter error', async () => {
    const ctx = clientContext(emu.endpointFor('TIKTOK'), { now: () => now });
    const c = parseFieldCiphers(order.receiver.decryptHandle ?? '');
    const cipher_infos = [c?.name, c?.phone, c?.address].map((cipher_text) => ({ auth_id: order.platformOrderId, cipher_text }));
    const data = await doudianCall(ctx, DOUDIAN_DECRYPT_METHOD, { cipher_infos }, token);
    const truth = emu.core('TIKTOK').orders.get(order.platformOrderId)?.order.receiver;
    expect(data.decrypt_infos).toMatchObject([
      { auth_id: order.platformOrderId, cipher_text: c?.name, decrypt_text: truth?.name, err_no: 0 },
      { decrypt_text: truth?.phone, err_no: 0 },
      { decrypt_text: truth?.address, err_no: 0 },
    ]);
    expect(DOUDIAN_DECRYPT_MAX * 3).toBeLessThanOrEqual(50);
    const over = await channelError(doudianCall(ctx, DOUDIAN_DECRYPT_METHOD, { cipher_infos: Array.from({ length: 51 }, () => cipher_infos[0]) }, token));
    expect([over.kind, over.platformCode]).toEqual(['BAD_REQUEST', 'isv.parameter-invalid']);
  });
});
