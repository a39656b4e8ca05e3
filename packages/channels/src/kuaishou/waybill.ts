/**
 * Kuaishou (快手小店) privacy e-waybills (waybills-aftersales.md §4): open.express.ebill.get takes
 * up to 10 getEbillOrderRequest items, each with the order's encrypted receiver as synced
 * ("支持使用快手订单收货地址密文取号": receiverContract name / mobile and receiverAddress
 * detailAddress carry the ciphertexts) and requestId = our objectId (the platform's idempotency
 * key); open.express.ebill.cancel recycles a number. Signed and sent like every Kuaishou call.
 * ⚠ The answer's field names are not in the sources we read (the print page expects print_info):
 * we read data[] {requestId, waybillCode, printData, signature, templateUrl, errorCode, errorMsg}.
 */
import { clientContext, joinUrl, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import type { ChannelEndpoint } from '../marketplace/types.ts';
import { cancelOutcome, inRequestOrder, parcelFailure, type WaybillPlatform, waybillsInBatches } from '../marketplace/waybill-client.ts';
import {
  handleCiphers,
  type PlatformWaybillClient,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { splitKuaishouSecret } from './client.ts';
import { ksError } from './errors.ts';
import { kuaishouSign } from './sign.ts';

export const KS_WAYBILL_BATCH_MAX = 10;
export const KS_EBILL_GET = 'open.express.ebill.get';
export const KS_EBILL_CANCEL = 'open.express.ebill.cancel';
/** Our courier → the e-waybill expressCompanyCode. ⚠ Letters from general knowledge; the official table (物流公司编码) was not read. */
export const KS_WAYBILL_COURIERS: Partial<Record<CourierCode, string>> = {
  ZTO: 'ZTO',
  YTO: 'YTO',
  STO: 'STO',
  YUNDA: 'YUNDA',
  SF: 'SF',
  JTSD: 'JT',
  EMS: 'EMS',
  YZXB: 'POSTB',
  JD: 'JD',
  DBKD: 'DBKD',
};
/** ⚠ The "no subscription for this company" errorCode is our assumption; the emulator answers it. */
export const KS_NO_ACCOUNT = '300201';

export const KS_WAYBILL: WaybillPlatform = {
  name: '快手电子面单',
  backOffice: '快手小店后台（物流-电子面单）',
  noAccount: (code) => code === KS_NO_ACCOUNT,
};

function ebillRequest(r: PlatformWaybillRequest, code: string, p: PlatformWaybillParcel): Json {
  const c = handleCiphers(p.receiverHandle) ?? { name: p.receiverHandle, phone: '', address: '' };
  const s = r.sender;
  const [orderId, ...merged] = p.platformOrderIds;
  return {
    requestId: p.objectId,
    packageCode: p.objectId,
    orderChannel: 'KUAISHOU',
    tradeOrderCode: orderId,
    // ⚠ tradeOrderCode takes one order; the other orders of a merged parcel travel in extData (our assumption).
    extData: merged.length ? JSON.stringify({ mergedTradeOrderCodes: merged }) : undefined,
    expressCompanyCode: code,
    senderContract: { name: s.name, mobile: s.phone },
    senderAddress: { provinceName: s.province, cityName: s.city, districtName: s.district, detailAddress: s.address },
    receiverContract: { name: c.name, mobile: c.phone },
    receiverAddress: { provinceName: p.region?.province, cityName: p.region?.city, districtName: p.region?.district, detailAddress: c.address },
    itemList: p.items.map((i) => ({ itemTitle: i.name, itemQuantity: i.count })),
    totalPackageQuantity: 1,
    totalPackageWeight: p.weightG,
  };
}

export function createKuaishouWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);
  const signSecret = splitKuaishouSecret(endpoint.appSecret).signSecret;

  async function callOnce(method: string, token: string, biz: Json): Promise<unknown> {
    const params: Record<string, string> = {
      appkey: endpoint.appKey,
      method,
      version: '1',
      param: JSON.stringify(biz),
      access_token: token,
      timestamp: String(ctx.now().getTime()),
      signMethod: 'HMAC_SHA256',
    };
    params.sign = kuaishouSign(params, signSecret, 'HMAC_SHA256');
    const url = joinUrl(endpoint.gatewayUrl, method.replace(/\./g, '/'));
    const body = obj(await httpJson({ fetch: ctx.fetch, url, form: params, timeoutMs: ctx.timeoutMs }));
    if (num(body.result) !== 1) throw ksError(body);
    return body.data;
  }
  const call = (method: string, token: string, biz: Json) => ctx.retry(() => callOnce(method, token, biz));

  async function take(r: PlatformWaybillRequest, code: string, batch: PlatformWaybillParcel[]): Promise<PlatformWaybillOutcome[]> {
    const data = await call(KS_EBILL_GET, r.token, { getEbillOrderRequest: batch.map((p) => ebillRequest(r, code, p)) });
    const out = arr(data)
      .map(obj)
      .map((d): PlatformWaybillOutcome => {
        const objectId = str(d.requestId);
        if (str(d.errorCode) && str(d.errorCode) !== '0') return parcelFailure(KS_WAYBILL, r.courierCode, objectId, str(d.errorCode), str(d.errorMsg));
        return {
          objectId,
          ok: true,
          trackingNo: str(d.waybillCode),
          printData: { source: 'KUAISHOU', encryptedData: str(d.printData), signature: str(d.signature), templateUrl: str(d.templateUrl) },
        };
      });
    return inRequestOrder(KS_WAYBILL, batch, out);
  }

  return {
    source: 'KUAISHOU',
    batchMax: KS_WAYBILL_BATCH_MAX,
    getWaybills: (r) => waybillsInBatches(KS_WAYBILL, KS_WAYBILL_COURIERS, r, KS_WAYBILL_BATCH_MAX, (code, batch) => take(r, code, batch)),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(KS_WAYBILL, async () => {
        await call(KS_EBILL_CANCEL, token, { expressCompanyCode: KS_WAYBILL_COURIERS[courierCode as CourierCode] ?? courierCode, waybillCode: trackingNo });
      });
    },
  };
}
