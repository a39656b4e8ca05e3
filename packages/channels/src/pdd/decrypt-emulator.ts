/**
 * The PDD emulator's pdd.open.decrypt.batch: data_list of at most 100, the shop's daily quota
 * taken per item, each ciphertext decrypted only for its own order (data_tag) of this shop, and
 * a per-item error_code for a refused order, an unknown order or a ciphertext that is not genuine.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { receiverFieldOf } from '../marketplace/emulator-decrypt.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import { arr, obj, str } from '../marketplace/http.ts';
import { PDD_DATA_TYPES, PDD_DECRYPT_CODES, PDD_DECRYPT_DATA_MAX } from './decrypt.ts';

type Err = (error_code: number, error_msg: string, sub_msg?: string) => EmulatorAnswer;

/** PDD's ciphertexts are "~…~" around the platform's own encoding. */
const unwrap = (c: string) => (c.length > 2 && c.startsWith('~') && c.endsWith('~') ? c.slice(1, -1) : '');

export function pddDecryptBatch(p: Record<string, string>, shopId: string, core: ChannelCore, ok: (node: unknown) => EmulatorAnswer, err: Err): EmulatorAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(p.data_list ?? '');
  } catch {
    return err(10000, '参数错误', 'data_list 不能为空');
  }
  const list = arr(parsed).map(obj);
  if (list.length === 0) return err(10000, '参数错误', 'data_list 不能为空');
  if (list.length > PDD_DECRYPT_DATA_MAX) return err(10000, '参数错误', `data_list 不能超过${PDD_DECRYPT_DATA_MAX}条`);
  core.decrypts.countCall(shopId, list.length);
  if (!core.decrypts.take(shopId, list.length)) return err(PDD_DECRYPT_CODES.QUOTA, '今日解密次数已达上限', '今日解密额度已用完，请明日再试');
  const data_decrypt_list = list.map((d) => {
    const data_tag = str(d.data_tag);
    const encrypted_data = str(d.encrypted_data);
    const base = { data_tag, encrypted_data };
    const r = core.decryptFor(shopId, data_tag, unwrap(encrypted_data));
    if (r === 'NOT_FOUND') return { ...base, error_code: PDD_DECRYPT_CODES.NOT_FOUND, error_msg: '订单不存在' };
    if (r === 'REFUSED') return { ...base, error_code: PDD_DECRYPT_CODES.REFUSED, error_msg: '该订单存在风险，不允许解密' };
    const field = r === 'BAD_CIPHER' ? undefined : receiverFieldOf(r.order, r.plain);
    if (r === 'BAD_CIPHER' || !field) return { ...base, error_code: PDD_DECRYPT_CODES.BAD_CIPHER, error_msg: '密文无效或与 data_tag 不匹配' };
    core.decrypts.countDecrypted(shopId);
    return { ...base, data_type: PDD_DATA_TYPES[field], decrypted_data: r.plain, error_code: 0, error_msg: '', virtual_number_type: 0 };
  });
  return ok({ data_decrypt_list });
}
