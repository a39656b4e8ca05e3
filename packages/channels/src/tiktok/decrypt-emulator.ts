/**
 * The Douyin emulator's order.batchDecrypt: cipher_infos of at most 50, the shop's daily quota
 * taken per ciphertext, each ciphertext decrypted only for its own order (auth_id) of this shop;
 * a per-item err_no for a refused or unknown order or a ciphertext that is not genuine.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { receiverFieldOf } from '../marketplace/emulator-decrypt.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { DOUDIAN_DECRYPT_CIPHER_MAX, DOUDIAN_DECRYPT_CODES, DOUDIAN_QUOTA_SUB_CODE } from './decrypt.ts';

type Answer = (code: number, msg: string, sub_code?: string, sub_msg?: string, data?: unknown) => EmulatorAnswer;

/** Douyin's ciphertexts are "#…##" around the platform's own encoding. */
const unwrap = (c: string) => (c.startsWith('#') && c.endsWith('##') && c.length > 3 ? c.slice(1, -2) : '');
/** data_type of a decrypt_info (⚠ values assumed): 1 address, 2 name, 3 phone. */
const DATA_TYPE = { address: 1, name: 2, phone: 3 } as const;

export function doudianBatchDecrypt(p: Json, shopId: string, core: ChannelCore, answer: Answer): EmulatorAnswer {
  const infos = arr(p.cipher_infos).map(obj);
  if (infos.length === 0) return answer(40004, '参数错误', 'isv.parameter-invalid', 'cipher_infos 不能为空');
  if (infos.length > DOUDIAN_DECRYPT_CIPHER_MAX)
    return answer(40004, '参数错误', 'isv.parameter-invalid', `cipher_infos 不能超过${DOUDIAN_DECRYPT_CIPHER_MAX}条`);
  core.decrypts.countCall(shopId, infos.length);
  if (!core.decrypts.take(shopId, infos.length)) return answer(50002, '业务处理失败', DOUDIAN_QUOTA_SUB_CODE, '今日解密额度已用完');
  const decrypt_infos = infos.map((i) => {
    const auth_id = str(i.auth_id);
    const cipher_text = str(i.cipher_text);
    const base = { auth_id, cipher_text };
    const r = core.decryptFor(shopId, auth_id, unwrap(cipher_text));
    if (r === 'NOT_FOUND') return { ...base, err_no: DOUDIAN_DECRYPT_CODES.NOT_FOUND, err_msg: '订单不存在或不属于该店铺' };
    if (r === 'REFUSED') return { ...base, err_no: DOUDIAN_DECRYPT_CODES.REFUSED, err_msg: '该订单存在风险，暂不支持解密' };
    const field = r === 'BAD_CIPHER' ? undefined : receiverFieldOf(r.order, r.plain);
    if (r === 'BAD_CIPHER' || !field) return { ...base, err_no: DOUDIAN_DECRYPT_CODES.BAD_CIPHER, err_msg: '密文不合法' };
    core.decrypts.countDecrypted(shopId);
    return { ...base, decrypt_text: r.plain, err_no: 0, err_msg: '', data_type: DATA_TYPE[field], is_virtual_tel: false };
  });
  return answer(10000, 'success', '', '', { decrypt_infos, custom_err: { err_code: 0, err_msg: '' } });
}
