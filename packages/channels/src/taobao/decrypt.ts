/**
 * Taobao receiver decryption, client side: taobao.top.oaid.decrypt with query_list (≤ 20 of
 * {tid, oaid, scene}) answers receiver_list.receiver[] (waybills-aftersales.md §1). The handle is
 * the order's oaid. The answer has no per-item error field: a receiver Taobao leaves out is taken
 * as refused (⚠ how TOP reports a refused or unknown tid inside a batch is not in our sources),
 * and matched=false means the oaid is no longer the trade's (sync the order again).
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { decryptFailure, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, obj, optStr, str } from '../marketplace/http.ts';
import type { ChannelError, DecryptOutcome, DecryptRequest, DecryptScene } from '../marketplace/types.ts';

export const TAOBAO_DECRYPT_METHOD = 'taobao.top.oaid.decrypt';
export const TAOBAO_DECRYPT_MAX = 20;
/** Our scenes → TOP scene codes (1007 代发货, 2001 售后服务, 2002 客户服务; the rest are e-waybill and store scenes). */
export const TAOBAO_SCENES: Record<DecryptScene, string> = { DROPSHIP_SHIP: '1007', AFTER_SALE: '2001', CUSTOMER_CARE: '2002' };
/** Every scene code TOP documents (ReceiverQuery.scene). */
export const TAOBAO_SCENE_CODES = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '2001', '2002'];
/** ⚠ The sub_code of an exhausted decrypt quota is our assumption; the quota rules themselves are not in our sources. */
export const TAOBAO_QUOTA_SUB_CODE = 'isv.oaid-decrypt-quota-exceeded';

const isQuota = (e: ChannelError) => e.platformCode.includes('quota');

type TopCall = (method: string, params: Record<string, string | undefined>, session?: string) => Promise<Json>;

export function taobaoDecryptReceivers(ctx: ClientContext, callOnce: TopCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '淘宝',
      batchMax: TAOBAO_DECRYPT_MAX,
      retry: ctx.retry,
      quota: isQuota,
      async call(items) {
        const sent = items.filter((i) => i.handle !== '');
        const query = sent.map((i) => ({ tid: i.platformOrderId, oaid: i.handle, scene: TAOBAO_SCENES[p.scene] }));
        const node = query.length ? await callOnce(TAOBAO_DECRYPT_METHOD, { query_list: JSON.stringify(query) }, p.token) : {};
        const answered = arr(obj(node.receiver_list).receiver).map(obj);
        return items.map((item): DecryptOutcome => {
          if (item.handle === '') return decryptFailure('淘宝', item, 'BAD_DATA', 'bad_handle', '订单没有 oaid');
          const r = answered.find((x) => str(x.tid) === item.platformOrderId && str(x.oaid) === item.handle);
          if (!r) return decryptFailure('淘宝', item, 'REFUSED', 'not_returned', '淘宝没有返回该订单的收件人');
          if (r.matched === false) return decryptFailure('淘宝', item, 'BAD_DATA', 'oaid_not_matched', 'oaid 与订单当前的收件人不匹配');
          const town = optStr(r.town);
          return {
            platformOrderId: item.platformOrderId,
            ok: true,
            receiver: {
              name: str(r.name),
              phone: str(r.mobile) || str(r.phone),
              province: str(r.state),
              city: str(r.city),
              district: str(r.district),
              ...(town ? { town } : {}),
              address: str(r.address_detail),
            },
            ...(r.privacy_protection === true ? { virtualNumber: true } : {}),
          };
        });
      },
    });
}
