/**
 * The Xiaohongshu waybill calls on the emulated Ark endpoint (one JSON POST, the method in the
 * body): express.createEbillOrders (results per parcel) and express.cancelEbillOrder, with the
 * gateway's own checks (appId, version, timestamp, MD5 signature, failNext, accessToken).
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { askItems, cancelIssued, issueEach, ourCourier, type ParcelAsk, type WaybillRefusalReason } from '../marketplace/waybill-emulator.ts';
import { REDBOOK_GATEWAY } from './client.ts';
import { XHS_ERROR, xhsErrorBody } from './errors.ts';
import { redBookSign } from './sign.ts';
import { XHS_EBILL_CANCEL, XHS_EBILL_CREATE, XHS_NO_ACCOUNT, XHS_WAYBILL_BATCH_MAX, XHS_WAYBILL_COURIERS } from './waybill.ts';

/** ⚠ Xiaohongshu's per-parcel errorCode values are our assumptions. */
const ERR_CODES: Record<WaybillRefusalReason, string> = {
  NO_ACCOUNT: XHS_NO_ACCOUNT,
  ORDER_NOT_FOUND: '-30002',
  NOT_SHIPPABLE: '-30003',
  RECEIVER_MISMATCH: '-30004',
  BAD_PARCEL: '-30005',
};
const TEMPLATE_URL = 'https://ark.xiaohongshu.com/ark/ebill/template/standard/76x130';
const METHODS = new Set([XHS_EBILL_CREATE, XHS_EBILL_CANCEL]);
/** The one Ark endpoint's path (the emulator serves it under its prefix). */
const GATEWAY_PATH = new URL(REDBOOK_GATEWAY).pathname;

function methodOf(body: string): string {
  try {
    return str(obj(JSON.parse(body)).method);
  } catch {
    return '';
  }
}

export const isXhsWaybillCall = (r: EmulatorRequest) => r.path === GATEWAY_PATH && r.method === 'POST' && METHODS.has(methodOf(r.body));

function parcel(d: Json): ParcelAsk {
  const recipient = obj(d.recipient);
  const address = obj(recipient.address);
  const pkg = obj(d.packageInfo);
  return {
    objectId: str(d.objectId),
    platformOrderIds: arr(obj(d.orderInfo).tradeOrderList).map(str),
    receiverHandle: JSON.stringify({ name: str(recipient.name), phone: str(recipient.mobile), address: str(address.detail) }),
    region: str(address.province) ? { province: str(address.province), city: str(address.city), district: str(address.district) } : undefined,
    items: askItems(pkg.items, 'name', 'count'),
    weightG: pkg.weight === undefined ? undefined : Number(pkg.weight),
  };
}

function create(p: Json, shopId: string, core: ChannelCore): Json {
  const list = arr(p.tradeOrderInfoList).map(obj);
  if (list.length < 1 || list.length > XHS_WAYBILL_BATCH_MAX)
    return xhsErrorBody(XHS_ERROR.PARAM_INVALID, `tradeOrderInfoList 数量须为 1-${XHS_WAYBILL_BATCH_MAX}`);
  const s = obj(p.sender);
  const sa = obj(s.address);
  const cpCode = str(p.cpCode);
  const answers = issueEach(core, shopId, {
    courierCode: ourCourier(XHS_WAYBILL_COURIERS, cpCode),
    platformCourier: cpCode,
    sender: { name: str(s.name), phone: str(s.mobile), province: str(sa.province), city: str(sa.city), district: str(sa.district), address: str(sa.detail) },
    templateUrl: TEMPLATE_URL,
    parcels: list.map(parcel),
  });
  const tradeOrderInfoList = answers.map((a) =>
    a.ok
      ? {
          objectId: a.waybill.objectId,
          success: true,
          waybillCode: a.waybill.trackingNo,
          printData: JSON.stringify({
            encryptedData: a.printData.encryptedData,
            signature: a.printData.signature,
            templateURL: a.printData.templateUrl,
            ver: a.printData.ver,
          }),
        }
      : { objectId: a.objectId, success: false, errorCode: ERR_CODES[a.reason], errorMsg: a.message },
  );
  return { error_code: 0, success: true, data: { tradeOrderInfoList } };
}

export async function xhsWaybillGateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = obj(JSON.parse(r.body));
  const sys = { method: str(p.method), appId: str(p.appId), timestamp: str(p.timestamp), version: str(p.version) };
  if (sys.appId !== core.credentials.appKey) return json(xhsErrorBody(XHS_ERROR.APP_INVALID, 'appId无效'));
  if (sys.version !== '2.0') return json(xhsErrorBody(XHS_ERROR.PARAM_INVALID, 'version 应为 2.0'));
  if (!/^\d+$/.test(sys.timestamp) || Math.abs(core.now().getTime() - Number(sys.timestamp) * 1000) > 10 * 60_000)
    return json(xhsErrorBody(XHS_ERROR.TIMESTAMP_INVALID, 'timestamp已过期'));
  if (redBookSign(sys, core.credentials.appSecret) !== p.sign) return json(xhsErrorBody(XHS_ERROR.SIGN_INVALID, '签名验证失败'));
  const failure = await core.nextFailure();
  if (failure === 'SERVER_ERROR') return json(xhsErrorBody(XHS_ERROR.SYSTEM_BUSY, '系统繁忙，请稍后重试'));
  if (failure === 'RATE_LIMITED') return json(xhsErrorBody(XHS_ERROR.RATE_LIMITED, '调用频率超过限制，请稍后重试'));
  if (failure === 'INVALID_SIGNATURE') return json(xhsErrorBody(XHS_ERROR.SIGN_INVALID, '签名验证失败'));
  const check = core.checkToken(typeof p.accessToken === 'string' ? p.accessToken : undefined);
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(xhsErrorBody(XHS_ERROR.TOKEN_INVALID, 'accessToken无效或已过期'));
  const shopId = check.shop.platformShopId;
  if (sys.method === XHS_EBILL_CREATE) return json(create(p, shopId, core));
  const done = cancelIssued(core, shopId, str(p.cpCode), str(p.waybillCode));
  if (done === 'unknown') return json(xhsErrorBody(-30006, `面单号不存在：${str(p.waybillCode)}`));
  if (done === 'cancelled') return json(xhsErrorBody(-30007, `面单已取消：${str(p.waybillCode)}`));
  return json({ error_code: 0, success: true, data: {} });
}
