/**
 * JD receiver decryption, client side. ⚠ Unverified throughout: JD's order receivers are TDE
 * ciphertext, and the server-side call we use is jingdong.jos.order.oaid.decrypt, whose request
 * (getReceiverInfoListReqVO: orderType, appName, scenesType, orderInfos[{orderId, oaid}]) we saw
 * only in a third-party SDK's generated classes. The answer shape (returnType.data.receiverInfoList
 * with a per-item code), the scene codes, the limit of 50 orders per call and the quota code are
 * our assumptions, kept in this file so a reading of JD's documentation changes only here.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { decryptFailure, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, obj, optStr, str } from '../marketplace/http.ts';
import { ChannelError, type DecryptOutcome, type DecryptRequest, type DecryptScene } from '../marketplace/types.ts';

export const JD_DECRYPT_METHOD = 'jingdong.jos.order.oaid.decrypt';
export const JD_DECRYPT_MAX = 50;
export const JD_SCENES: Record<DecryptScene, string> = { DROPSHIP_SHIP: '1', AFTER_SALE: '2', CUSTOMER_CARE: '3' };
/** ⚠ Assumed codes: per item (not the shop's order, refused, oaid not the order's) and for the whole call (quota, bad request). */
export const JD_DECRYPT_CODES = { OK: '0', NOT_FOUND: '3001', REFUSED: '3002', BAD_CIPHER: '3003', QUOTA: '2003', BAD_REQUEST: '1001' } as const;

type JdCall = (method: string, biz: Record<string, unknown>, accessToken?: string) => Promise<Json>;

export function jdDecryptReceivers(ctx: ClientContext, callOnce: JdCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '京东',
      batchMax: JD_DECRYPT_MAX,
      retry: ctx.retry,
      quota: (e: ChannelError) => e.platformCode === JD_DECRYPT_CODES.QUOTA,
      async call(items) {
        const sent = items.filter((i) => i.handle !== '');
        const node = sent.length
          ? await callOnce(
              JD_DECRYPT_METHOD,
              {
                getReceiverInfoListReqVO: {
                  orderType: 'POP',
                  appName: 'daifa',
                  scenesType: JD_SCENES[p.scene],
                  orderInfos: sent.map((i) => ({ orderId: i.platformOrderId, oaid: i.handle })),
                },
              },
              p.token,
            )
          : {};
        const result = obj(node.returnType);
        if (sent.length && result.success !== true) {
          throw new ChannelError('BAD_REQUEST', str(result.code) || 'failed', `京东解密：${str(result.message) || '失败'}`);
        }
        const answered = arr(obj(result.data).receiverInfoList).map(obj);
        return items.map((item): DecryptOutcome => {
          if (item.handle === '') return decryptFailure('京东', item, 'BAD_DATA', 'bad_handle', '订单没有 oaid');
          const r = answered.find((x) => str(x.orderId) === item.platformOrderId && str(x.oaid) === item.handle);
          if (!r) return decryptFailure('京东', item, 'REFUSED', 'not_returned', '京东没有返回该订单的收件人');
          const code = str(r.code);
          if (code !== JD_DECRYPT_CODES.OK) {
            const kind = code === JD_DECRYPT_CODES.NOT_FOUND ? 'NOT_FOUND' : code === JD_DECRYPT_CODES.REFUSED ? 'REFUSED' : 'BAD_DATA';
            return decryptFailure('京东', item, kind, code, str(r.msg));
          }
          const town = optStr(r.town);
          return {
            platformOrderId: item.platformOrderId,
            ok: true,
            receiver: {
              name: str(r.customerName),
              phone: str(r.mobile) || str(r.telephone),
              province: str(r.province),
              city: str(r.city),
              district: str(r.county),
              ...(town ? { town } : {}),
              address: str(r.address),
            },
            ...(r.virtualNumber === true ? { virtualNumber: true } : {}),
          };
        });
      },
    });
}
