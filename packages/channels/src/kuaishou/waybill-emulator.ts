/**
 * The Kuaishou waybill calls on the emulated gateway (/kuaishou/open/express/ebill/get and
 * …/cancel), with the gateway's own checks (method = path, appkey, timestamp, signature with the
 * signSecret, failNext, access_token) and {result, …} envelopes. Failures are per item.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { askItems, cancelIssued, issueEach, ourCourier, type ParcelAsk, type WaybillRefusalReason } from '../marketplace/waybill-emulator.ts';
import { splitKuaishouSecret } from './client.ts';
import { KS_RESULT, ksErrorBody } from './errors.ts';
import { type KuaishouSignMethod, kuaishouSign } from './sign.ts';
import { KS_EBILL_CANCEL, KS_EBILL_GET, KS_NO_ACCOUNT, KS_WAYBILL_BATCH_MAX, KS_WAYBILL_COURIERS } from './waybill.ts';

/** ⚠ Kuaishou's per-item errorCode values are our assumptions. */
const ERR_CODES: Record<WaybillRefusalReason, string> = {
  NO_ACCOUNT: KS_NO_ACCOUNT,
  ORDER_NOT_FOUND: '300202',
  NOT_SHIPPABLE: '300203',
  RECEIVER_MISMATCH: '300204',
  BAD_PARCEL: '300205',
};
const TEMPLATE_URL = 'https://s2-11673.kwimgs.com/kos/nlav11673/template/ebill_76x130.xml';
const PATHS: Record<string, string> = { '/open/express/ebill/get': KS_EBILL_GET, '/open/express/ebill/cancel': KS_EBILL_CANCEL };

export const isKsWaybillCall = (r: EmulatorRequest) => r.method === 'POST' && PATHS[r.path] !== undefined;

function parcel(item: Json): ParcelAsk {
  const contact = obj(item.receiverContract);
  const address = obj(item.receiverAddress);
  let merged: string[] = [];
  try {
    merged = arr(obj(JSON.parse(str(item.extData) || '{}')).mergedTradeOrderCodes).map(str);
  } catch {
    merged = [];
  }
  return {
    objectId: str(item.requestId),
    platformOrderIds: [str(item.tradeOrderCode), ...merged],
    receiverHandle: JSON.stringify({ name: str(contact.name), phone: str(contact.mobile), address: str(address.detailAddress) }),
    region: str(address.provinceName) ? { province: str(address.provinceName), city: str(address.cityName), district: str(address.districtName) } : undefined,
    items: askItems(item.itemList, 'itemTitle', 'itemQuantity'),
    weightG: item.totalPackageWeight === undefined ? undefined : Number(item.totalPackageWeight),
  };
}

function take(biz: Json, shopId: string, core: ChannelCore): Json {
  const items = arr(biz.getEbillOrderRequest).map(obj);
  if (items.length < 1 || items.length > KS_WAYBILL_BATCH_MAX)
    return ksErrorBody(KS_RESULT.INVALID_PARAM, `getEbillOrderRequest 数量须为 1-${KS_WAYBILL_BATCH_MAX}`);
  const code = str(items[0]?.expressCompanyCode);
  if (items.some((i) => str(i.expressCompanyCode) !== code)) return ksErrorBody(KS_RESULT.INVALID_PARAM, '同一批取号的快递公司必须相同');
  const s = items[0] ?? {};
  const sc = obj(s.senderContract);
  const sa = obj(s.senderAddress);
  const answers = issueEach(core, shopId, {
    courierCode: ourCourier(KS_WAYBILL_COURIERS, code),
    platformCourier: code,
    sender: {
      name: str(sc.name),
      phone: str(sc.mobile),
      province: str(sa.provinceName),
      city: str(sa.cityName),
      district: str(sa.districtName),
      address: str(sa.detailAddress),
    },
    templateUrl: TEMPLATE_URL,
    parcels: items.map(parcel),
  });
  const data = answers.map((a) =>
    a.ok
      ? {
          requestId: a.waybill.objectId,
          waybillCode: a.waybill.trackingNo,
          parentWaybillCode: '',
          printData: a.printData.encryptedData,
          signature: a.printData.signature,
          templateUrl: a.printData.templateUrl,
          errorCode: '0',
          errorMsg: '',
        }
      : { requestId: a.objectId, waybillCode: '', errorCode: ERR_CODES[a.reason], errorMsg: a.message },
  );
  return { result: 1, error_msg: '', data };
}

export async function ksWaybillGateway(req: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const p = req.params;
  const method = PATHS[req.path] ?? '';
  if (p.method !== method) return json(ksErrorBody(KS_RESULT.INVALID_PARAM, `method 与请求路径不一致：${p.method ?? ''}`));
  if (p.appkey !== core.credentials.appKey) return json(ksErrorBody(KS_RESULT.APP_KEY_INVALID, 'appkey无效'));
  const ts = Number(p.timestamp);
  if (!Number.isFinite(ts) || Math.abs(core.now().getTime() - ts) > 10 * 60_000) return json(ksErrorBody(KS_RESULT.TIMESTAMP_INVALID, '时间戳已过期'));
  // The emulated app's signSecret rides in the endpoint the handler gives out ("appSecret:signSecret").
  const signSecret = splitKuaishouSecret(core.handler.endpoint('', core.credentials).appSecret).signSecret;
  const signMethod = (p.signMethod ?? 'MD5') as KuaishouSignMethod;
  if ((signMethod !== 'MD5' && signMethod !== 'HMAC_SHA256') || kuaishouSign(p, signSecret, signMethod) !== p.sign) {
    return json(ksErrorBody(KS_RESULT.SIGN_INVALID, '签名校验失败'));
  }
  const failure = await core.nextFailure();
  if (failure === 'SERVER_ERROR') return { status: 502, contentType: 'text/html;charset=utf-8', body: '<html><body>502 Bad Gateway</body></html>' };
  if (failure === 'RATE_LIMITED')
    return json(ksErrorBody(KS_RESULT.QPS_LIMIT, `[1017] exceed quota limit, Exceed qps limit, KEY [apiId:${method}], MAX_QPS [100.0]`));
  if (failure === 'INVALID_SIGNATURE') return json(ksErrorBody(KS_RESULT.SIGN_INVALID, '签名校验失败'));
  const check = core.checkToken(p.access_token);
  if (failure === 'TOKEN_EXPIRED' || !check.ok) return json(ksErrorBody(KS_RESULT.TOKEN_INVALID, '鉴权失败，access_token已过期或无效', 'TOKEN_EXPIRED'));
  let biz: Json;
  try {
    biz = obj(JSON.parse(p.param || '{}'));
  } catch {
    return json(ksErrorBody(KS_RESULT.INVALID_PARAM, 'param 不是合法的JSON'));
  }
  const shopId = check.shop.platformShopId;
  if (method === KS_EBILL_GET) return json(take(biz, shopId, core));
  const done = cancelIssued(core, shopId, str(biz.expressCompanyCode), str(biz.waybillCode));
  if (done === 'unknown') return json(ksErrorBody(KS_RESULT.INVALID_PARAM, `运单号不存在：${str(biz.waybillCode)}`, '300206'));
  if (done === 'cancelled') return json(ksErrorBody(KS_RESULT.INVALID_PARAM, `运单号已取消：${str(biz.waybillCode)}`, '300207'));
  return json({ result: 1, error_msg: '', data: { success: true } });
}
