/**
 * The Xiaohongshu emulator's data.batchDecrypt: at most 100 ciphertexts, actionType and appUserId
 * required, the shop's daily quota taken per ciphertext, each decrypted only for its own order
 * (dataTag) of this shop, with a per-item errorCode otherwise.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { receiverFieldOf } from '../marketplace/emulator-decrypt.ts';
import { arr, obj, str } from '../marketplace/http.ts';
import { XHS_ACTION_TYPES, XHS_DECRYPT_CIPHER_MAX, XHS_DECRYPT_CODES } from './decrypt.ts';
import { XHS_ERROR, xhsErrorBody } from './errors.ts';

type Body = Record<string, unknown>;
const ACTION_TYPES = new Set(Object.values(XHS_ACTION_TYPES));

export function xhsBatchDecrypt(p: Body, shopId: string, core: ChannelCore): Body {
  const infos = arr(p.baseInfos).map(obj);
  if (infos.length === 0) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'baseInfos 不能为空');
  if (infos.length > XHS_DECRYPT_CIPHER_MAX) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, `baseInfos 上限${XHS_DECRYPT_CIPHER_MAX}条`);
  if (!ACTION_TYPES.has(str(p.actionType)) || !p.appUserId) return xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'actionType、appUserId 必填');
  core.decrypts.countCall(shopId, infos.length);
  if (!core.decrypts.take(shopId, infos.length)) return xhsErrorBody(XHS_DECRYPT_CODES.QUOTA, '今日解密额度已用完');
  const dataInfoList = infos.map((i) => {
    const dataTag = str(i.dataTag);
    const encryptedData = str(i.encryptedData);
    const base = { dataTag, encryptedData };
    const r = core.decryptFor(shopId, dataTag, encryptedData);
    if (r === 'NOT_FOUND') return { ...base, errorCode: XHS_DECRYPT_CODES.NOT_FOUND, errorMsg: `订单不存在：${dataTag}` };
    if (r === 'REFUSED') return { ...base, errorCode: XHS_DECRYPT_CODES.REFUSED, errorMsg: '该订单不允许解密' };
    if (r === 'BAD_CIPHER' || !receiverFieldOf(r.order, r.plain))
      return { ...base, errorCode: XHS_DECRYPT_CODES.BAD_CIPHER, errorMsg: '密文无效或与 dataTag 不匹配' };
    core.decrypts.countDecrypted(shopId);
    return { ...base, decryptedData: r.plain, errorCode: 0, virtualNumberFlag: false };
  });
  return { error_code: 0, success: true, data: { dataInfoList } };
}
