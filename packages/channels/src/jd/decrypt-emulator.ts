/**
 * The JD emulator's jingdong.jos.order.oaid.decrypt (⚠ shape assumed, see ./decrypt.ts): at most
 * 50 orders, a scene, the shop's daily quota taken per order, only the shop's own orders, and a
 * per-item code for a refused or unknown order or an oaid that is not the order's.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { oaidText } from '../marketplace/emulator-decrypt.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { JD_DECRYPT_CODES, JD_DECRYPT_MAX, JD_SCENES } from './decrypt.ts';

const SCENES = new Set(Object.values(JD_SCENES));
const failed = (code: string, message: string) => ({ returnType: { success: false, code, message } });

export function jdOaidDecrypt(biz: Json, shopId: string, core: ChannelCore): Json {
  const vo = obj(biz.getReceiverInfoListReqVO);
  const infos = arr(vo.orderInfos).map(obj);
  if (infos.length === 0) return failed(JD_DECRYPT_CODES.BAD_REQUEST, 'orderInfos 不能为空');
  if (infos.length > JD_DECRYPT_MAX) return failed(JD_DECRYPT_CODES.BAD_REQUEST, `orderInfos 最多${JD_DECRYPT_MAX}条`);
  if (!SCENES.has(str(vo.scenesType))) return failed(JD_DECRYPT_CODES.BAD_REQUEST, 'scenesType 无效');
  core.decrypts.countCall(shopId, infos.length);
  if (!core.decrypts.take(shopId, infos.length)) return failed(JD_DECRYPT_CODES.QUOTA, '当日解密次数已达上限');
  const receiverInfoList = infos.map((i) => {
    const orderId = str(i.orderId);
    const oaid = str(i.oaid);
    const r = core.decryptFor(shopId, orderId, oaid);
    if (r === 'NOT_FOUND') return { orderId, oaid, code: JD_DECRYPT_CODES.NOT_FOUND, msg: '订单不存在' };
    if (r === 'REFUSED') return { orderId, oaid, code: JD_DECRYPT_CODES.REFUSED, msg: '订单不允许解密' };
    if (r === 'BAD_CIPHER' || r.plain !== oaidText(r.order)) return { orderId, oaid, code: JD_DECRYPT_CODES.BAD_CIPHER, msg: 'oaid 与订单不匹配' };
    core.decrypts.countDecrypted(shopId);
    const x = r.order.receiver;
    return {
      orderId,
      oaid,
      code: JD_DECRYPT_CODES.OK,
      msg: '',
      customerName: x.name,
      mobile: x.phone,
      telephone: '',
      province: x.province,
      city: x.city,
      county: x.district,
      town: x.town ?? '',
      address: x.address,
      virtualNumber: false,
    };
  });
  return { returnType: { success: true, code: '200', message: '', data: { receiverInfoList } } };
}
