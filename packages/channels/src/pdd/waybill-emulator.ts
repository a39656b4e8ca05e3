/**
 * The PDD waybill calls on the emulated POP gateway (/pdd/api/router): pdd.waybill.get and
 * pdd.waybill.cancel, with POP's own checks (client_id, timestamp, signature, failNext,
 * access_token) and envelopes. PDD refuses a whole call when one parcel is wrong.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { askItems, cancelIssued, issueAll, ourCourier, type ParcelAsk, type WaybillRefusalReason } from '../marketplace/waybill-emulator.ts';
import { pddVerify } from './sign.ts';
import { PDD_NO_ACCOUNT, PDD_WAYBILL_BATCH_MAX, PDD_WAYBILL_CANCEL, PDD_WAYBILL_GET, PDD_WP_CODES } from './waybill.ts';

const err = (error_code: number, error_msg: string, sub_msg?: string) =>
  json({
    error_response: { error_code, error_msg, sub_code: String(error_code), sub_msg: sub_msg ?? error_msg, request_id: Math.random().toString(36).slice(2, 14) },
  });
const FAILURES = {
  RATE_LIMITED: () => err(70031, '调用已被限流', '接口调用过于频繁，请稍后再试'),
  TOKEN_EXPIRED: () => err(10019, 'access_token已过期'),
  SERVER_ERROR: () => err(50000, '系统内部错误'),
  INVALID_SIGNATURE: () => err(20004, '签名错误'),
};
/** ⚠ PDD's waybill business codes are our assumptions (the research found none). */
const CODES: Record<WaybillRefusalReason, number> = {
  NO_ACCOUNT: Number(PDD_NO_ACCOUNT),
  ORDER_NOT_FOUND: 62002,
  NOT_SHIPPABLE: 62003,
  RECEIVER_MISMATCH: 62004,
  BAD_PARCEL: 10000,
};
const TEMPLATE_URL = 'https://file-link.pinduoduo.com/zto_one';

export const isPddWaybillCall = (r: EmulatorRequest) =>
  r.path === '/api/router' && r.method === 'POST' && (r.params.type === PDD_WAYBILL_GET || r.params.type === PDD_WAYBILL_CANCEL);

function parcel(dto: Json): ParcelAsk {
  const recipient = obj(dto.recipient);
  const address = obj(recipient.address);
  const pkg = obj(dto.package_info);
  return {
    objectId: str(dto.object_id),
    platformOrderIds: arr(obj(dto.order_info).trade_order_list).map(str),
    receiverHandle: JSON.stringify({ name: str(recipient.name), phone: str(recipient.mobile), address: str(address.detail) }),
    region: str(address.province) ? { province: str(address.province), city: str(address.city), district: str(address.district) } : undefined,
    items: askItems(pkg.items, 'name', 'count'),
    weightG: pkg.weight === undefined ? undefined : Number(pkg.weight),
  };
}

function take(p: Record<string, string>, shopId: string, core: ChannelCore): EmulatorAnswer {
  let ask: Json;
  try {
    ask = obj(JSON.parse(p.param_waybill_cloud_print_apply_new_request ?? ''));
  } catch {
    return err(10000, '参数错误', 'param_waybill_cloud_print_apply_new_request 不是合法的 JSON');
  }
  const dtos = arr(ask.trade_order_info_dtos).map(obj);
  if (dtos.length < 1 || dtos.length > PDD_WAYBILL_BATCH_MAX) return err(10000, '参数错误', `trade_order_info_dtos 数量须为 1-${PDD_WAYBILL_BATCH_MAX}`);
  const s = obj(ask.sender);
  const sa = obj(s.address);
  const result = issueAll(core, shopId, {
    courierCode: ourCourier(PDD_WP_CODES, str(ask.wp_code)),
    platformCourier: str(ask.wp_code),
    sender: {
      name: str(s.name),
      phone: str(s.mobile) || str(s.phone),
      province: str(sa.province),
      city: str(sa.city),
      district: str(sa.district),
      address: str(sa.detail),
    },
    templateUrl: TEMPLATE_URL,
    parcels: dtos.map(parcel),
  });
  if (!result.ok) return err(CODES[result.refusal.reason], '取号失败', `${result.refusal.message}（object_id ${result.refusal.objectId}）`);
  return json({
    pdd_waybill_get_response: {
      modules: result.issued.map(({ waybill, printData }) => ({
        object_id: waybill.objectId,
        waybill_code: waybill.trackingNo,
        print_data: JSON.stringify({
          encryptedData: printData.encryptedData,
          signature: printData.signature,
          templateUrl: printData.templateUrl,
          ver: printData.ver,
        }),
      })),
    },
  });
}

export async function pddWaybillGateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = r.params;
  if (p.client_id !== core.credentials.appKey) return err(10016, 'client_id不存在');
  const ts = Number(p.timestamp);
  if (!Number.isFinite(ts) || Math.abs(ts * 1000 - core.now().getTime()) > 10 * 60_000) return err(20005, 'timestamp已过期');
  if (!pddVerify(p, core.credentials.appSecret)) return err(20004, '签名错误');
  const failure = await core.nextFailure();
  if (failure) return FAILURES[failure]();
  const auth = core.checkToken(p.access_token);
  if (!auth.ok) return err(10019, 'access_token已过期');
  const shopId = auth.shop.platformShopId;
  if (p.type === PDD_WAYBILL_GET) return take(p, shopId, core);
  const done = cancelIssued(core, shopId, p.wp_code, p.waybill_code ?? '');
  if (done === 'unknown') return err(62005, '取消失败', `面单号不存在：${p.waybill_code ?? ''}`);
  if (done === 'cancelled') return err(62006, '取消失败', `面单已取消：${p.waybill_code ?? ''}`);
  return json({ pdd_waybill_cancel_response: { cancel_result: true } });
}
