/**
 * The Douyin waybill calls on the emulated gateway (/tiktok/logistics/…): newCreateOrder (numbers,
 * failures per parcel in err_infos), waybillApply (print data by number), cancelOrder, with the
 * gateway's own checks (method = path, app key, timestamp, v, signature over param_json,
 * failNext, access_token) and the {code, msg, sub_code, sub_msg, log_id, data} envelope.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { EmulatorAnswer, EmulatorRequest } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import {
  askItems,
  cancelIssued,
  issueEach,
  ourCourier,
  type ParcelAsk,
  printDataOf,
  type WaybillRefusalReason,
  waybillBook,
} from '../marketplace/waybill-emulator.ts';
import { answer, badParam, checkDoudianCall, ok, shopOfCall } from './emulator-gateway.ts';
import {
  DOUYIN_APPLY,
  DOUYIN_CANCEL,
  DOUYIN_CREATE,
  DOUYIN_NO_ACCOUNT,
  DOUYIN_TEMPLATE_URL,
  DOUYIN_WAYBILL_BATCH_MAX,
  DOUYIN_WAYBILL_COURIERS,
} from './waybill.ts';

const bizFail = (sub: string, why: string) => answer(50002, '业务处理失败', `isv.business-failed:${sub}`, why);
/** ⚠ Douyin's per-parcel err_code values are our assumptions. */
const ERR_CODES: Record<WaybillRefusalReason, string> = {
  NO_ACCOUNT: DOUYIN_NO_ACCOUNT,
  ORDER_NOT_FOUND: '300102',
  NOT_SHIPPABLE: '300103',
  RECEIVER_MISMATCH: '300104',
  BAD_PARCEL: '300105',
};
const PATHS: Record<string, string> = {
  '/logistics/newCreateOrder': DOUYIN_CREATE,
  '/logistics/waybillApply': DOUYIN_APPLY,
  '/logistics/cancelOrder': DOUYIN_CANCEL,
};

export const isDouyinWaybillCall = (r: EmulatorRequest) => r.method === 'POST' && PATHS[r.path] !== undefined;

function parcel(info: Json): ParcelAsk {
  const receiver = obj(info.receiver_info);
  const address = obj(receiver.address);
  const contact = obj(receiver.contact);
  return {
    objectId: str(info.pack_id) || str(info.order_id),
    platformOrderIds: [str(info.order_id), ...arr(info.combine_orders).map(str)],
    receiverHandle: JSON.stringify({ name: str(contact.name), phone: str(contact.mobile), address: str(address.detail_address) }),
    region: str(address.province_name)
      ? { province: str(address.province_name), city: str(address.city_name), district: str(address.district_name) }
      : undefined,
    items: askItems(info.items, 'item_name', 'item_count'),
    weightG: info.weight === undefined ? undefined : Number(info.weight),
  };
}

function create(p: Json, shopId: string, core: ChannelCore): EmulatorAnswer {
  const infos = arr(p.order_infos).map(obj);
  if (infos.length < 1 || infos.length > DOUYIN_WAYBILL_BATCH_MAX) return badParam(`order_infos 数量须为 1-${DOUYIN_WAYBILL_BATCH_MAX}`);
  const sender = obj(p.sender_info);
  const sa = obj(sender.address);
  const sc = obj(sender.contact);
  const code = str(p.logistics_code);
  const answers = issueEach(core, shopId, {
    courierCode: ourCourier(DOUYIN_WAYBILL_COURIERS, code),
    platformCourier: code,
    sender: {
      name: str(sc.name),
      phone: str(sc.mobile) || str(sc.phone),
      province: str(sa.province_name),
      city: str(sa.city_name),
      district: str(sa.district_name),
      address: str(sa.detail_address),
    },
    templateUrl: DOUYIN_TEMPLATE_URL,
    parcels: infos.map(parcel),
  });
  const ebill_infos: Json[] = [];
  const err_infos: Json[] = [];
  answers.forEach((a, i) => {
    const orderId = str(infos[i]?.order_id);
    if (a.ok)
      ebill_infos.push({ order_id: orderId, pack_id: a.waybill.objectId, track_no: a.waybill.trackingNo, company: code, sort_code: '', sub_waybill_codes: '' });
    else err_infos.push({ order_id: orderId, pack_id: a.objectId, err_code: ERR_CODES[a.reason], err_msg: a.message });
  });
  return ok({ ebill_infos, err_infos });
}

function apply(p: Json, shopId: string, core: ChannelCore): EmulatorAnswer {
  const book = waybillBook(core);
  const waybill_infos: Json[] = [];
  const err_infos: Json[] = [];
  for (const a of arr(p.waybill_applies).map(obj)) {
    const w = book.find(shopId, str(a.track_no));
    if (!w || w.cancelledAt || w.platformCourier !== str(a.logistics_code)) {
      err_infos.push({ track_no: str(a.track_no), err_code: '300106', err_msg: '运单号不存在或已取消' });
      continue;
    }
    const pd = printDataOf(core, w);
    waybill_infos.push({ order_id: w.platformOrderIds[0], track_no: w.trackingNo, print_data: pd.encryptedData, sign: pd.signature });
  }
  return ok({ waybill_infos, err_infos });
}

export async function douyinWaybillGateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const call = await checkDoudianCall(r, core, PATHS[r.path] ?? '');
  if ('status' in call) return call;
  const method = PATHS[r.path] ?? '';
  const p = obj(call.p);
  const shop = shopOfCall(call.q, core);
  if ('status' in shop) return shop;
  const { shopId } = shop;
  if (method === DOUYIN_CREATE) return create(p, shopId, core);
  if (method === DOUYIN_APPLY) return apply(p, shopId, core);
  const done = cancelIssued(core, shopId, str(p.logistics_code), str(p.track_no));
  if (done === 'unknown') return bizFail('waybill-not-exist', `运单号不存在：${str(p.track_no)}`);
  if (done === 'cancelled') return bizFail('waybill-cancelled', `运单号已取消：${str(p.track_no)}`);
  return ok({ cancel_result: true });
}
