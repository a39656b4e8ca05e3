import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientContext } from '../marketplace/client-options.ts';
import { channelError } from '../marketplace/contract-suite.ts';
import { type MarketplaceEmulator, startMarketplaceEmulator } from '../marketplace/emulator.ts';
import type { NormalizedOrder } from '../marketplace/types.ts';
import { createTaobaoClient, taobaoCall } from './client.ts';
import { TAOBAO_DECRYPT_METHOD } from './decrypt.ts';
import { taobaoHandler } from './emulator.ts';

const now = new Date('2026-03-02T02:00:00Z');
let emu: MarketplaceEmulator;
let session: string;
let shopId: string;
const sent: URLSearchParams[] = [];
const recording: typeof fetch = async (input, init) => {
  sent.push(new URLSearchParams(String(init?.body ?? '')));
  return fetch(input, init);
};

beforeAll(async () => {
  emu = await startMarketplaceEmulator({ handlers: [taobaoHandler], now: () => now, ordersPerShop: 30 });
  const a = emu.authorizeShop('TAOBAO');
  shopId = a.platformShopId;
  session = (await createTaobaoClient(emu.endpointFor('TAOBAO'), { now: () => now }).exchangeCode({ code: a.code, redirectUri: 'http://x/cb' })).accessToken;
});
afterAll(() => emu.close());

describe('Taobao taobao.top.oaid.decrypt wire', () => {
  it('sends tid, oaid and the scene code of each item (1007 dropship, 2001 after-sale, 2002 customer care)', async () => {
    const c = createTaobaoClient(emu.endpointFor('TAOBAO'), { now: () => now, fetch: recording });
    const o = emu.orders('TAOBAO', shopId)[0] as NormalizedOrder;
    for (const [scene, code] of [
      ['DROPSHIP_SHIP', '1007'],
      ['AFTER_SALE', '2001'],
      ['CUSTOMER_CARE', '2002'],
    ] as const) {
      sent.length = 0;
      const [out] = await c.decryptReceivers({
        token: session,
        scene,
        items: [{ platformOrderId: o.platformOrderId, handle: o.receiver.decryptHandle ?? '' }],
      });
      expect(out?.ok).toBe(true);
      expect(sent[0]?.get('method')).toBe(TAOBAO_DECRYPT_METHOD);
      expect(JSON.parse(sent[0]?.get('query_list') ?? '')).toEqual([{ tid: o.platformOrderId, oaid: o.receiver.decryptHandle, scene: code }]);
    }
  });

  it('the emulator refuses a missing or unknown scene and more than 20 items, as TOP argument errors', async () => {
    const ctx = clientContext(emu.endpointFor('TAOBAO'), { now: () => now });
    const o = emu.orders('TAOBAO', shopId)[0] as NormalizedOrder;
    const q = (extra: object, n = 1) => JSON.stringify(Array.from({ length: n }, () => ({ tid: o.platformOrderId, oaid: o.receiver.decryptHandle, ...extra })));
    const call = (query_list: string) => taobaoCall(ctx, TAOBAO_DECRYPT_METHOD, { query_list }, session);
    expect((await channelError(call(q({})))).platformCode).toBe('isv.invalid-parameter:scene');
    expect((await channelError(call(q({ scene: '9999' })))).platformCode).toBe('isv.invalid-parameter:scene');
    const over = await channelError(call(q({ scene: '1007' }, 21)));
    expect([over.kind, over.platformCode, over.message]).toEqual([
      'BAD_REQUEST',
      'isv.invalid-parameter:query_list',
      '淘宝：query_list 不能超过20条（41 isv.invalid-parameter:query_list）',
    ]);
    expect((await call(q({ scene: '1007' }, 20))).receiver_list).toMatchObject({ receiver: expect.any(Array) });
  });
});
