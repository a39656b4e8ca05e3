/**
 * Xiaohongshu (小红书) privacy e-waybills (waybills-aftersales.md §5, and a public SDK's
 * docstrings): express.createEbillOrders (≤ 10 parcels, Cainiao-like tradeOrderInfoList with
 * objectId, orderInfo, packageInfo and the recipient as the order's ciphertexts; each result has
 * its own errorCode / errorMsg) and express.cancelEbillOrder (cpCode, waybillCode) — ⚠ the cancel
 * method is named in public SDKs only, not in the research note. printData is the first element of
 * the print component's contents: a JSON text {encryptedData, signature, templateURL, ver} ⚠.
 * Signed and sent like every Ark call (redBookSign over the system params).
 */
import { clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { type ChannelEndpoint, ChannelError } from '../marketplace/types.ts';
import { cancelOutcome, inRequestOrder, parcelFailure, type WaybillPlatform, waybillsInBatches } from '../marketplace/waybill-client.ts';
import {
  handleCiphers,
  type PlatformPrintData,
  type PlatformWaybillClient,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { REDBOOK_GATEWAY } from './client.ts';
import { xhsError } from './errors.ts';
import { redBookSign } from './sign.ts';

export const XHS_WAYBILL_BATCH_MAX = 10;
export const XHS_EBILL_CREATE = 'express.createEbillOrders';
export const XHS_EBILL_CANCEL = 'express.cancelEbillOrder';
/** Our courier → cpCode (the SDK's example uses "zto"). ⚠ The others are guesses in the same style. */
export const XHS_WAYBILL_COURIERS: Partial<Record<CourierCode, string>> = {
  ZTO: 'zto',
  YTO: 'yto',
  STO: 'sto',
  YUNDA: 'yunda',
  SF: 'shunfeng',
  JTSD: 'jtexpress',
  EMS: 'ems',
  YZXB: 'postb',
  JD: 'jd',
  DBKD: 'debangwuliu',
};
/** ⚠ The "no subscription for this cpCode" errorCode is our assumption; the emulator answers it. */
export const XHS_NO_ACCOUNT = '-30001';

export const XHS_WAYBILL: WaybillPlatform = {
  name: '小红书电子面单',
  backOffice: '小红书千帆后台（物流-电子面单）',
  noAccount: (code) => code === XHS_NO_ACCOUNT,
};

export function xhsPrintData(text: string): PlatformPrintData {
  let p: Json;
  try {
    p = obj(JSON.parse(text));
  } catch {
    throw new ChannelError('BAD_REQUEST', 'bad_print_data', '小红书返回的打印数据不是 JSON');
  }
  return { source: 'REDBOOK', encryptedData: str(p.encryptedData), signature: str(p.signature), templateUrl: str(p.templateURL), ver: str(p.ver) || undefined };
}

function tradeOrderInfo(p: PlatformWaybillParcel): Json {
  const c = handleCiphers(p.receiverHandle) ?? { name: p.receiverHandle, phone: '', address: '' };
  return {
    objectId: p.objectId,
    orderInfo: { orderChannelsType: 'XIAO_HONG_SHU', tradeOrderList: p.platformOrderIds },
    packageInfo: { id: p.objectId, items: p.items, weight: p.weightG },
    recipient: { name: c.name, mobile: c.phone, address: { ...p.region, detail: c.address } },
  };
}

export function createRedBookWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);

  async function callOnce(method: string, token: string, biz: Json): Promise<Json> {
    const sys = { appId: endpoint.appKey, method, timestamp: String(Math.floor(ctx.now().getTime() / 1000)), version: '2.0' };
    const body = { ...biz, ...sys, sign: redBookSign(sys, endpoint.appSecret), accessToken: token };
    const answer = obj(await httpJson({ fetch: ctx.fetch, url: endpoint.gatewayUrl || REDBOOK_GATEWAY, json: body, timeoutMs: ctx.timeoutMs }));
    if (num(answer.error_code) !== 0 || answer.success === false) throw xhsError(answer);
    return obj(answer.data);
  }
  const call = (method: string, token: string, biz: Json) => ctx.retry(() => callOnce(method, token, biz));

  async function take(r: PlatformWaybillRequest, cpCode: string, batch: PlatformWaybillParcel[]): Promise<PlatformWaybillOutcome[]> {
    const s = r.sender;
    const data = await call(XHS_EBILL_CREATE, r.token, {
      cpCode,
      billVersion: 2,
      sender: { name: s.name, mobile: s.phone, address: { province: s.province, city: s.city, district: s.district, detail: s.address } },
      tradeOrderInfoList: batch.map(tradeOrderInfo),
    });
    const out = arr(data.tradeOrderInfoList)
      .map(obj)
      .map((d): PlatformWaybillOutcome => {
        const objectId = str(d.objectId);
        if (d.success === false) return parcelFailure(XHS_WAYBILL, r.courierCode, objectId, str(d.errorCode), str(d.errorMsg));
        return { objectId, ok: true, trackingNo: str(d.waybillCode), printData: xhsPrintData(str(d.printData)) };
      });
    return inRequestOrder(XHS_WAYBILL, batch, out);
  }

  return {
    source: 'REDBOOK',
    batchMax: XHS_WAYBILL_BATCH_MAX,
    getWaybills: (r) => waybillsInBatches(XHS_WAYBILL, XHS_WAYBILL_COURIERS, r, XHS_WAYBILL_BATCH_MAX, (cpCode, batch) => take(r, cpCode, batch)),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(XHS_WAYBILL, async () => {
        await call(XHS_EBILL_CANCEL, token, {
          cpCode: XHS_WAYBILL_COURIERS[courierCode as CourierCode] ?? courierCode,
          waybillCode: trackingNo,
          billVersion: 2,
        });
      });
    },
  };
}
