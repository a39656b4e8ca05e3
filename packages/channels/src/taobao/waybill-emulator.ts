/**
 * The 菜鸟 waybill calls on the emulated TOP gateway (/taobao/router/rest): cainiao.waybill.ii.get
 * and cainiao.waybill.ii.cancel, with TOP's own checks (app key, timestamp, signature, failNext,
 * session) and envelopes. Cainiao refuses a whole call when one parcel is wrong.
 */
import { parseChinaTime } from '../marketplace/china-time.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { askItems, cancelIssued, issueAll, ourCourier, type ParcelAsk, type WaybillRefusalReason } from '../marketplace/waybill-emulator.ts';
import { topResponseKey } from './client.ts';
import { topVerify } from './sign.ts';
import { CAINIAO_BATCH_MAX, CAINIAO_CANCEL, CAINIAO_COURIERS, CAINIAO_GET, CAINIAO_NO_ACCOUNT } from './waybill.ts';

const err = (code: number, msg: string, sub_code?: string, sub_msg?: string) =>
  json({ error_response: { code, msg, sub_code, sub_msg, request_id: Math.random().toString(36).slice(2, 14) } });
const bizErr = (sub: string, why: string) => err(15, 'Remote service error', sub, why);
const FAILURES = {
  RATE_LIMITED: () => err(7, 'App Call Limited', 'accesscontrol.limited-by-app-access-count', 'This ban will last for 1 more seconds'),
  TOKEN_EXPIRED: () => err(27, 'Invalid session', 'invalid-sessionkey', 'SessionKey非法'),
  SERVER_ERROR: () => err(15, 'Remote service error', 'isp.remote-service-error', '连接远程服务错误，请稍后重试'),
  INVALID_SIGNATURE: () => err(25, 'Invalid signature'),
};
/** ⚠ Cainiao's business sub codes are our assumptions (the research found none). */
const SUB_CODES: Record<WaybillRefusalReason, string> = {
  NO_ACCOUNT: CAINIAO_NO_ACCOUNT,
  ORDER_NOT_FOUND: 'isv.WAYBILL_TRADE_NOT_EXIST',
  NOT_SHIPPABLE: 'isv.WAYBILL_TRADE_STATUS_INVALID',
  RECEIVER_MISMATCH: 'isv.WAYBILL_RECIPIENT_INVALID',
  BAD_PARCEL: 'isv.invalid-parameter',
};
const TEMPLATE_URL = 'http://cloudprint.cainiao.com/template/standard/101';

export const isCainiaoCall = (r: EmulatorRequest) => r.path === '/router/rest' && (r.params.method === CAINIAO_GET || r.params.method === CAINIAO_CANCEL);

function parcel(dto: Json): ParcelAsk {
  const recipient = obj(dto.recipient);
  const address = obj(recipient.address);
  const pkg = obj(dto.package_info);
  return {
    objectId: str(dto.object_id),
    platformOrderIds: arr(obj(dto.order_info).trade_order_list).map(str),
    // A recipient without oaid is a plain one: it can never match the order's handle.
    receiverHandle: str(recipient.oaid) || JSON.stringify({ name: str(recipient.name), phone: str(recipient.mobile), address: str(address.detail) }),
    region: str(address.province) ? { province: str(address.province), city: str(address.city), district: str(address.district) } : undefined,
    items: askItems(pkg.items, 'name', 'count'),
    weightG: pkg.weight === undefined ? undefined : Number(pkg.weight),
  };
}

function take(p: Record<string, string>, shopId: string, core: ChannelCore, ok: (node: unknown) => EmulatorAnswer): EmulatorAnswer {
  let ask: Json;
  try {
    ask = obj(JSON.parse(p.param_waybill_cloud_print_apply_new_request ?? ''));
  } catch {
    return err(41, 'Invalid Arguments', 'isv.invalid-parameter:param_waybill_cloud_print_apply_new_request', '参数不是合法的 JSON');
  }
  const dtos = arr(ask.trade_order_info_dtos).map(obj);
  if (dtos.length < 1 || dtos.length > CAINIAO_BATCH_MAX) return bizErr('isv.invalid-parameter', `trade_order_info_dtos 数量须为 1-${CAINIAO_BATCH_MAX}`);
  if (ask.need_encrypt !== true) return bizErr('isv.invalid-parameter', '加密订单必须使用加密面单（need_encrypt=true）');
  const parcels = dtos.map(parcel);
  const mismatch = dtos.find(
    (d) =>
      !arr(obj(d.order_info).trade_order_list)
        .map(str)
        .includes(str(obj(d.recipient).tid)),
  );
  if (mismatch) return bizErr(SUB_CODES.RECEIVER_MISMATCH, `recipient.tid 必须是该包裹的订单号：${str(mismatch.object_id)}`);
  const s = obj(ask.sender);
  const sa = obj(s.address);
  const result = issueAll(core, shopId, {
    courierCode: ourCourier(CAINIAO_COURIERS, str(ask.cp_code)),
    platformCourier: str(ask.cp_code),
    sender: {
      name: str(s.name),
      phone: str(s.mobile) || str(s.phone),
      province: str(sa.province),
      city: str(sa.city),
      district: str(sa.district),
      address: str(sa.detail),
    },
    templateUrl: TEMPLATE_URL,
    parcels,
  });
  if (!result.ok) return bizErr(SUB_CODES[result.refusal.reason], `${result.refusal.message}（object_id ${result.refusal.objectId}）`);
  return ok({
    modules: {
      waybill_cloud_print_response: result.issued.map(({ waybill, printData }) => ({
        object_id: waybill.objectId,
        waybill_code: waybill.trackingNo,
        print_data: JSON.stringify({
          encryptedData: printData.encryptedData,
          signature: printData.signature,
          templateURL: printData.templateUrl,
          ver: printData.ver,
        }),
      })),
    },
  });
}

export async function cainiaoWaybillGateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = r.params;
  if (p.app_key !== core.credentials.appKey) return err(29, 'Invalid App Key');
  const ts = parseChinaTime(p.timestamp);
  if (!ts || Math.abs(ts.getTime() - core.now().getTime()) > 10 * 60_000) return err(31, 'Invalid Timestamp', undefined, '时间戳与服务器时间相差超过10分钟');
  if (!p.sign || !topVerify(p, core.credentials.appSecret)) return err(25, 'Invalid signature');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const auth = core.checkToken(p.session);
  if (!auth.ok) return err(27, 'Invalid session', 'invalid-sessionkey', auth.reason === 'expired' ? 'SessionKey已过期' : 'SessionKey非法');
  const shopId = auth.shop.platformShopId;
  const ok = (node: unknown) => json({ [topResponseKey(p.method ?? '')]: node });
  if (p.method === CAINIAO_GET) return take(p, shopId, core, ok);
  const done = cancelIssued(core, shopId, p.cp_code, p.waybill_code ?? '');
  if (done === 'unknown') return bizErr('isv.WAYBILL_NOT_EXIST', `面单号不存在：${p.waybill_code ?? ''}`);
  if (done === 'cancelled') return bizErr('isv.WAYBILL_ALREADY_CANCELLED', `面单已取消：${p.waybill_code ?? ''}`);
  return ok({ cancel_result: true });
}
