/**
 * The Kuaishou emulator's open.order.decrypt.batch: at most 50 ciphertexts, the merchant's daily
 * quota taken per ciphertext, each decrypted only for its own order (bizId) of this shop, with a
 * per-item errorCode for a refused or unknown order or a ciphertext that is not genuine.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { receiverFieldOf } from '../marketplace/emulator-decrypt.ts';
import { arr, obj, str } from '../marketplace/http.ts';
import { KS_DECRYPT_CIPHER_MAX, KS_DECRYPT_CODES } from './decrypt.ts';
import { KS_RESULT, ksErrorBody } from './errors.ts';

type Body = Record<string, unknown>;

export function ksDecryptBatch(biz: Body, shopId: string, core: ChannelCore): Body {
  const list = arr(biz.batchDecryptList).map(obj);
  if (list.length === 0) return ksErrorBody(KS_RESULT.INVALID_PARAM, 'batchDecryptList 不能为空');
  if (list.length > KS_DECRYPT_CIPHER_MAX) return ksErrorBody(KS_RESULT.INVALID_PARAM, `batchDecryptList 不能超过${KS_DECRYPT_CIPHER_MAX}条`);
  core.decrypts.countCall(shopId, list.length);
  if (!core.decrypts.take(shopId, list.length)) return ksErrorBody(KS_DECRYPT_CODES.QUOTA, '商家今日解密额度已用完', 'DECRYPT_QUOTA_EXCEEDED');
  const decryptResults = list.map((d) => {
    const bizId = str(d.bizId);
    const encryptedData = str(d.encryptedData);
    const base = { bizId, encryptedData };
    const r = core.decryptFor(shopId, bizId, encryptedData);
    if (r === 'NOT_FOUND') return { ...base, errorCode: KS_DECRYPT_CODES.NOT_FOUND, errorMsg: `订单不存在：${bizId}` };
    if (r === 'REFUSED') return { ...base, errorCode: KS_DECRYPT_CODES.REFUSED, errorMsg: '该订单暂不支持解密' };
    if (r === 'BAD_CIPHER' || !receiverFieldOf(r.order, r.plain)) return { ...base, errorCode: KS_DECRYPT_CODES.BAD_CIPHER, errorMsg: '密文数据不合法' };
    core.decrypts.countDecrypted(shopId);
    return { ...base, decryptedData: r.plain, errorCode: 0, errorMsg: '' };
  });
  return { result: 1, error_msg: '', data: { decryptResults } };
}
