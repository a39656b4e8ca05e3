/**
 * Xiaohongshu receiver decryption, client side. Ark never gives the receiver in clear:
 * order.getOrderReceiverInfo (read at sync, its ciphertexts are the handle) answers receiverName /
 * receiverPhone / receiverAddress as ciphertext, and data.batchDecrypt turns them into text
 * (protocols.md §6, 数据加密对接方案), the sibling of data.batchDesensitise the sync already calls.
 * baseInfos of {dataTag = order id, encryptedData}, actionType and appUserId as for desensitising.
 * ⚠ We take the same limit as data.batchDesensitise (100 ciphertexts, 33 receivers); the answer
 * fields (dataInfoList, decryptedData, errorCode, virtualNumberFlag) and the codes are assumptions.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { decryptFieldCiphers, type FieldAnswer, fieldKey, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import type { ChannelError, DecryptOutcome, DecryptRequest, DecryptScene } from '../marketplace/types.ts';
import { XHS_ERROR } from './errors.ts';

export const XHS_DECRYPT_METHOD = 'data.batchDecrypt';
export const XHS_DECRYPT_CIPHER_MAX = 100;
export const XHS_DECRYPT_MAX = Math.floor(XHS_DECRYPT_CIPHER_MAX / 3);
/** ⚠ Assumed: per-item codes and the whole-call quota code. */
export const XHS_DECRYPT_CODES = { NOT_FOUND: XHS_ERROR.ORDER_NOT_FOUND, REFUSED: 2, BAD_CIPHER: 1, QUOTA: -20010 } as const;
/** ⚠ actionType: why the data is decrypted (1 发货 as for desensitising; 2 售后, 3 客服 assumed). */
export const XHS_ACTION_TYPES: Record<DecryptScene, string> = { DROPSHIP_SHIP: '1', AFTER_SALE: '2', CUSTOMER_CARE: '3' };

type XhsCall = (method: string, token: string | undefined, biz: Json) => Promise<Json>;

function itemAnswer(d: Json): FieldAnswer {
  const code = num(d.errorCode);
  if (code === 0) return { ok: true, text: str(d.decryptedData), virtual: d.virtualNumberFlag === true };
  const kind = code === XHS_DECRYPT_CODES.NOT_FOUND ? 'NOT_FOUND' : code === XHS_DECRYPT_CODES.REFUSED ? 'REFUSED' : 'BAD_DATA';
  return { ok: false, kind, code: String(code), message: str(d.errorMsg) };
}

export function xhsDecryptReceivers(ctx: ClientContext, callOnce: XhsCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '小红书',
      batchMax: XHS_DECRYPT_MAX,
      retry: ctx.retry,
      quota: (e: ChannelError) => e.platformCode === String(XHS_DECRYPT_CODES.QUOTA),
      call: (items) =>
        decryptFieldCiphers('小红书', items, async (ciphers) => {
          const data = await callOnce(XHS_DECRYPT_METHOD, p.token, {
            baseInfos: ciphers.map((c) => ({ dataTag: c.item.platformOrderId, encryptedData: c.cipher })),
            actionType: XHS_ACTION_TYPES[p.scene],
            appUserId: 'dropship',
          });
          const answers = new Map<string, FieldAnswer>();
          for (const d of arr(data.dataInfoList).map(obj)) answers.set(fieldKey(str(d.dataTag), str(d.encryptedData)), itemAnswer(d));
          return answers;
        }),
    });
}
