/**
 * The Taobao emulator's taobao.top.oaid.decrypt: query_list of at most 20, every item with a
 * known scene code (missing or unknown: the call is refused), the shop's daily quota taken per
 * item, and only the shop's own orders. A receiver the platform will not give is left out of
 * receiver_list; an oaid that is not the trade's answers matched=false and no receiver.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { oaidText } from '../marketplace/emulator-decrypt.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import { arr, obj, str } from '../marketplace/http.ts';
import { TAOBAO_DECRYPT_MAX, TAOBAO_QUOTA_SUB_CODE, TAOBAO_SCENE_CODES } from './decrypt.ts';

type Err = (code: number, msg: string, sub_code?: string, sub_msg?: string) => EmulatorAnswer;

export function oaidDecrypt(p: Record<string, string>, shopId: string, core: ChannelCore, ok: (node: unknown) => EmulatorAnswer, err: Err): EmulatorAnswer {
  if (!p.query_list) return err(40, 'Missing Required Arguments', 'isv.missing-parameter:query_list', '缺少参数 query_list');
  let parsed: unknown;
  try {
    parsed = JSON.parse(p.query_list);
  } catch {
    return err(41, 'Invalid Arguments', 'isv.invalid-parameter:query_list', 'query_list 不是合法的 JSON');
  }
  const queries = arr(parsed).map(obj);
  if (!Array.isArray(parsed) || queries.length === 0) return err(41, 'Invalid Arguments', 'isv.invalid-parameter:query_list', 'query_list 不能为空');
  if (queries.length > TAOBAO_DECRYPT_MAX)
    return err(41, 'Invalid Arguments', 'isv.invalid-parameter:query_list', `query_list 不能超过${TAOBAO_DECRYPT_MAX}条`);
  if (queries.some((q) => !TAOBAO_SCENE_CODES.includes(str(q.scene))))
    return err(41, 'Invalid Arguments', 'isv.invalid-parameter:scene', '解密场景 scene 缺失或无效');
  core.decrypts.countCall(shopId, queries.length);
  if (!core.decrypts.take(shopId, queries.length)) return err(15, 'Remote service error', TAOBAO_QUOTA_SUB_CODE, '今日解密额度已用完');
  const receiver = queries.flatMap((q) => {
    const tid = str(q.tid);
    const oaid = str(q.oaid);
    const r = core.decryptFor(shopId, tid, oaid);
    if (r === 'NOT_FOUND' || r === 'REFUSED') return [];
    if (r === 'BAD_CIPHER' || r.plain !== oaidText(r.order)) return [{ tid, oaid, matched: false }];
    core.decrypts.countDecrypted(shopId);
    const x = r.order.receiver;
    return [
      {
        tid,
        oaid,
        matched: true,
        name: x.name,
        mobile: x.phone,
        phone: '',
        state: x.province,
        city: x.city,
        district: x.district,
        town: x.town ?? '',
        address_detail: x.address,
        country: '',
        privacy_protection: false,
      },
    ];
  });
  return ok({ receiver_list: { receiver }, request_id: Math.random().toString(36).slice(2, 14) });
}
