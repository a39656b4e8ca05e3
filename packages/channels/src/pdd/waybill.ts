/**
 * PDD privacy e-waybills (拼多多电子面单, waybills-aftersales.md §2): pdd.waybill.get with
 * param_waybill_cloud_print_apply_new_request (≤ 10 parcels; the recipient's name, mobile and
 * detail address are the order's ciphertexts as synced), pdd.waybill.cancel (wp_code,
 * waybill_code). print_data is a JSON text {encryptedData, signature, templateUrl, ver} for the PDD
 * print component. Signed like every POP call (pddSign); the answers' roots are
 * pdd_waybill_get_response / pdd_waybill_cancel_response, unlike the order APIs'.
 */
import { unixSeconds } from '../marketplace/china-time.ts';
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, httpJson, type Json, num, obj, str } from '../marketplace/http.ts';
import { type ChannelEndpoint, ChannelError } from '../marketplace/types.ts';
import { cancelOutcome, inRequestOrder, type WaybillPlatform, waybillsInBatches } from '../marketplace/waybill-client.ts';
import {
  handleCiphers,
  type PlatformPrintData,
  type PlatformWaybillClient,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { pddErrorKind } from './client.ts';
import { type PddParamValue, pddSign, pddValue } from './sign.ts';

export const PDD_WAYBILL_BATCH_MAX = 10;
export const PDD_WAYBILL_GET = 'pdd.waybill.get';
export const PDD_WAYBILL_CANCEL = 'pdd.waybill.cancel';
/** Our courier → PDD wp_code. ⚠ From general knowledge (pdd.waybill.search lists a shop's), not a published table we read. */
export const PDD_WP_CODES: Partial<Record<CourierCode, string>> = {
  ZTO: 'ZTO',
  YTO: 'YTO',
  STO: 'STO',
  YUNDA: 'YUNDA',
  SF: 'SF',
  JTSD: 'JTSD',
  EMS: 'EMS',
  YZXB: 'YZXB',
  JD: 'JD',
  DBKD: 'DBKD',
};
/** ⚠ The "no subscription for this wp_code" error_code is our assumption; the emulator answers it. */
export const PDD_NO_ACCOUNT = '62001';

export const PDD_WAYBILL: WaybillPlatform = {
  name: '拼多多电子面单',
  backOffice: '拼多多商家后台（发货管理-电子面单）',
  noAccount: (code) => code === PDD_NO_ACCOUNT,
};

/** One signed POP call whose answer root is the API name with dots as underscores. */
async function call(ctx: ClientContext, type: string, biz: Record<string, PddParamValue>, accessToken: string): Promise<Json> {
  const form: Record<string, string> = {
    type,
    client_id: ctx.endpoint.appKey,
    access_token: accessToken,
    timestamp: String(unixSeconds(ctx.now())),
    data_type: 'JSON',
    version: 'V1',
  };
  for (const [k, v] of Object.entries(biz)) {
    const s = pddValue(v);
    if (s !== undefined) form[k] = s;
  }
  form.sign = pddSign(form, ctx.endpoint.appSecret);
  const body = obj(await httpJson({ fetch: ctx.fetch, url: ctx.endpoint.gatewayUrl, form, timeoutMs: ctx.timeoutMs }));
  if (body.error_response) {
    const e = obj(body.error_response);
    const code = num(e.error_code);
    throw new ChannelError(pddErrorKind(code, str(e.sub_code)), String(code), `拼多多：${str(e.sub_msg) || str(e.error_msg)}（${code}）`);
  }
  const node = body[`${type.replace(/\./g, '_')}_response`];
  if (!node) throw new ChannelError('BAD_REQUEST', 'bad_response', `拼多多返回了无法识别的结果：${JSON.stringify(body).slice(0, 120)}`);
  return obj(node);
}

export function pddPrintData(text: string): PlatformPrintData {
  let p: Json;
  try {
    p = obj(JSON.parse(text));
  } catch {
    throw new ChannelError('BAD_REQUEST', 'bad_print_data', '拼多多返回的打印数据不是 JSON');
  }
  if (!str(p.encryptedData) || !str(p.signature)) throw new ChannelError('BAD_REQUEST', 'bad_print_data', '拼多多返回的打印数据没有加密内容或签名');
  return { source: 'PDD', encryptedData: str(p.encryptedData), signature: str(p.signature), templateUrl: str(p.templateUrl), ver: str(p.ver) || undefined };
}

function tradeOrderInfo(p: PlatformWaybillParcel): Json {
  // The recipient fields take the order's ciphertexts as-is (⚠ inferred, see the research note).
  const c = handleCiphers(p.receiverHandle) ?? { name: p.receiverHandle, phone: '', address: '' };
  return {
    object_id: p.objectId,
    order_info: { order_channels_type: 'PDD', trade_order_list: p.platformOrderIds },
    package_info: { id: p.objectId, items: p.items, weight: p.weightG },
    recipient: { name: c.name, mobile: c.phone, address: { ...p.region, detail: c.address } },
  };
}

async function take(ctx: ClientContext, r: PlatformWaybillRequest, wpCode: string, batch: PlatformWaybillParcel[]): Promise<PlatformWaybillOutcome[]> {
  const s = r.sender;
  const ask = {
    wp_code: wpCode,
    need_encrypt: true,
    sender: { name: s.name, mobile: s.phone, address: { province: s.province, city: s.city, district: s.district, detail: s.address } },
    trade_order_info_dtos: batch.map(tradeOrderInfo),
  };
  const node = await ctx.retry(() => call(ctx, PDD_WAYBILL_GET, { param_waybill_cloud_print_apply_new_request: ask }, r.token));
  const rows = arr(node.modules).map(obj);
  return inRequestOrder(
    PDD_WAYBILL,
    batch,
    rows.map((m) => ({ objectId: str(m.object_id), ok: true as const, trackingNo: str(m.waybill_code), printData: pddPrintData(str(m.print_data)) })),
  );
}

export function createPddWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);
  return {
    source: 'PDD',
    batchMax: PDD_WAYBILL_BATCH_MAX,
    getWaybills: (r) => waybillsInBatches(PDD_WAYBILL, PDD_WP_CODES, r, PDD_WAYBILL_BATCH_MAX, (wpCode, batch) => take(ctx, r, wpCode, batch)),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(PDD_WAYBILL, async () => {
        const wpCode = PDD_WP_CODES[courierCode as CourierCode] ?? courierCode;
        const node = await ctx.retry(() => call(ctx, PDD_WAYBILL_CANCEL, { wp_code: wpCode, waybill_code: trackingNo }, token));
        if (node.cancel_result !== true) throw new ChannelError('BAD_REQUEST', 'cancel_failed', `面单 ${trackingNo} 没有回收成功`);
      });
    },
  };
}
