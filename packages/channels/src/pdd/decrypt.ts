/**
 * Pinduoduo receiver decryption, client side: pdd.open.decrypt.batch with data_list (≤ 100 of
 * {data_tag = order_sn, encrypted_data}) answers data_decrypt_list[] with data_type (5 name,
 * 6 phone, 8 street address), decrypted_data, error_code (0 = ok) and virtual_number_type
 * (waybills-aftersales.md §2). Name, phone and street are three ciphertexts, so one call carries
 * 33 receivers; the region comes in clear with the order (kept in the handle). PDD has no scene
 * parameter. ⚠ The per-item and quota error codes below are assumptions.
 */
import type { ClientContext } from '../marketplace/client-options.ts';
import { type CipherField, decryptFieldCiphers, type FieldAnswer, fieldKey, runDecrypt } from '../marketplace/decrypt.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import type { ChannelError, DecryptOutcome, DecryptRequest } from '../marketplace/types.ts';
import type { PddParamValue } from './sign.ts';

export const PDD_DECRYPT_TYPE = 'pdd.open.decrypt.batch';
/** data_list items per call. */
export const PDD_DECRYPT_DATA_MAX = 100;
/** Receivers per call: three ciphertexts each. */
export const PDD_DECRYPT_MAX = Math.floor(PDD_DECRYPT_DATA_MAX / 3);
export const PDD_DATA_TYPES: Record<CipherField, number> = { name: 5, phone: 6, address: 8 };
/** ⚠ Assumed codes: item refused by risk control, item ciphertext invalid for its data_tag, daily decrypt quota used up. */
export const PDD_DECRYPT_CODES = { REFUSED: 47001, BAD_CIPHER: 47002, NOT_FOUND: 52101, QUOTA: 54001 } as const;

type PddCall = (type: string, biz: Record<string, PddParamValue>, accessToken?: string) => Promise<Json>;

function itemAnswer(d: Json): FieldAnswer {
  const code = num(d.error_code);
  if (code === 0 || Number.isNaN(code)) return { ok: true, text: str(d.decrypted_data), virtual: num(d.virtual_number_type) === 1 };
  const kind = code === PDD_DECRYPT_CODES.NOT_FOUND ? 'NOT_FOUND' : code === PDD_DECRYPT_CODES.REFUSED ? 'REFUSED' : 'BAD_DATA';
  return { ok: false, kind, code: String(code), message: str(d.error_msg) };
}

export function pddDecryptReceivers(ctx: ClientContext, callOnce: PddCall) {
  return (p: DecryptRequest): Promise<DecryptOutcome[]> =>
    runDecrypt(p, {
      platform: '拼多多',
      batchMax: PDD_DECRYPT_MAX,
      retry: ctx.retry,
      quota: (e: ChannelError) => e.platformCode === String(PDD_DECRYPT_CODES.QUOTA),
      call: (items) =>
        decryptFieldCiphers('拼多多', items, async (ciphers) => {
          const node = await callOnce(
            PDD_DECRYPT_TYPE,
            { data_list: ciphers.map((c) => ({ data_tag: c.item.platformOrderId, encrypted_data: c.cipher })) },
            p.token,
          );
          const answers = new Map<string, FieldAnswer>();
          for (const d of arr(node.data_decrypt_list).map(obj)) answers.set(fieldKey(str(d.data_tag), str(d.encrypted_data)), itemAnswer(d));
          return answers;
        }),
    });
}
