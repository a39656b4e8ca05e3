/**
 * Kuaishou receiver decryption, client side: open.order.decrypt.batch with batchDecryptList of
 * {bizId = order id, encryptedData} answers data.decryptResults[] (waybills-aftersales.md §4).
 * The decrypt quota is per merchant, shared by the PC back-office, the app and the API. Three
 * ciphertexts per receiver. ⚠ The batch limit is not in our sources: we send at most 50
 * ciphertexts (16 receivers) a call, the conservative figure Douyin uses; the per-item fields
 * (decryptedData, errorCode, errorMsg) and the error codes below are assumptions.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { decryptFieldCiphers, type FieldAnswer, fieldKey, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import type { ChannelError, DecryptOutcome, DecryptRequest } from '../marketplace/types.ts';
import { KS_RESULT } from './errors.ts';

export const KS_DECRYPT_METHOD = 'open.order.decrypt.batch';
export const KS_DECRYPT_CIPHER_MAX = 50;
export const KS_DECRYPT_MAX = Math.floor(KS_DECRYPT_CIPHER_MAX / 3);
/** ⚠ Assumed codes: per item (order unknown, refused, ciphertext not the order's) and the whole-call quota result. */
export const KS_DECRYPT_CODES = { NOT_FOUND: KS_RESULT.ORDER_NOT_FOUND, REFUSED: 803001, BAD_CIPHER: 803002, QUOTA: 803005 } as const;

type KsCall = (method: string, token: string, biz: Json) => Promise<unknown>;

function itemAnswer(d: Json): FieldAnswer {
  const code = num(d.errorCode);
  if (code === 0) return { ok: true, text: str(d.decryptedData), virtual: d.virtualNumber === true };
  const kind = code === KS_DECRYPT_CODES.NOT_FOUND ? 'NOT_FOUND' : code === KS_DECRYPT_CODES.REFUSED ? 'REFUSED' : 'BAD_DATA';
  return { ok: false, kind, code: String(code), message: str(d.errorMsg) };
}

export function ksDecryptReceivers(ctx: ClientContext, callOnce: KsCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '快手',
      batchMax: KS_DECRYPT_MAX,
      retry: ctx.retry,
      quota: (e: ChannelError) => e.platformCode === String(KS_DECRYPT_CODES.QUOTA),
      call: (items) =>
        decryptFieldCiphers('快手', items, async (ciphers) => {
          const data = obj(
            await callOnce(KS_DECRYPT_METHOD, p.token, { batchDecryptList: ciphers.map((c) => ({ bizId: c.item.platformOrderId, encryptedData: c.cipher })) }),
          );
          const answers = new Map<string, FieldAnswer>();
          for (const d of arr(data.decryptResults).map(obj)) answers.set(fieldKey(str(d.bizId), str(d.encryptedData)), itemAnswer(d));
          return answers;
        }),
    });
}
