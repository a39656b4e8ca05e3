/**
 * Douyin (抖店) receiver decryption, client side: order.batchDecrypt with cipher_infos (≤ 50 of
 * {auth_id = order id, cipher_text}) answers data.decrypt_infos[] with decrypt_text, err_no
 * (0 = ok) and is_virtual_tel (waybills-aftersales.md §3). Three ciphertexts per receiver, so 16
 * receivers a call; the region comes in clear with the order (kept in the handle). Douyin has no
 * scene parameter. ⚠ The batch limit, per-item err_no values and the quota code are assumptions.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { decryptFieldCiphers, type FieldAnswer, fieldKey, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import type { ChannelError, DecryptOutcome, DecryptRequest } from '../marketplace/types.ts';

export const DOUDIAN_DECRYPT_METHOD = 'order.batchDecrypt';
/** cipher_infos per call. */
export const DOUDIAN_DECRYPT_CIPHER_MAX = 50;
export const DOUDIAN_DECRYPT_MAX = Math.floor(DOUDIAN_DECRYPT_CIPHER_MAX / 3);
/** ⚠ Assumed: per-item err_no for an order not the shop's, refused by risk control, a ciphertext that is not the order's; the quota sub_code. */
export const DOUDIAN_DECRYPT_CODES = { NOT_FOUND: 300002, REFUSED: 300008, BAD_CIPHER: 300004 } as const;
export const DOUDIAN_QUOTA_SUB_CODE = 'isv.business-failed:decrypt-quota-exceeded';

type DoudianCall = (method: string, params: Record<string, unknown>, accessToken?: string) => Promise<Json>;

function itemAnswer(d: Json): FieldAnswer {
  const code = num(d.err_no);
  if (code === 0) return { ok: true, text: str(d.decrypt_text), virtual: d.is_virtual_tel === true };
  const kind = code === DOUDIAN_DECRYPT_CODES.NOT_FOUND ? 'NOT_FOUND' : code === DOUDIAN_DECRYPT_CODES.REFUSED ? 'REFUSED' : 'BAD_DATA';
  return { ok: false, kind, code: String(code), message: str(d.err_msg) };
}

export function doudianDecryptReceivers(ctx: ClientContext, callOnce: DoudianCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '抖店',
      batchMax: DOUDIAN_DECRYPT_MAX,
      retry: ctx.retry,
      quota: (e: ChannelError) => e.platformCode === DOUDIAN_QUOTA_SUB_CODE,
      call: (items) =>
        decryptFieldCiphers('抖店', items, async (ciphers) => {
          const data = await callOnce(
            DOUDIAN_DECRYPT_METHOD,
            { cipher_infos: ciphers.map((c) => ({ auth_id: c.item.platformOrderId, cipher_text: c.cipher })) },
            p.token,
          );
          const answers = new Map<string, FieldAnswer>();
          for (const d of arr(data.decrypt_infos).map(obj)) answers.set(fieldKey(str(d.auth_id), str(d.cipher_text)), itemAnswer(d));
          return answers;
        }),
    });
}
