/**
 * 菜鸟 privacy e-waybills for Taobao / Tmall orders through TOP (waybills-aftersales.md §1):
 * cainiao.waybill.ii.get with param_waybill_cloud_print_apply_new_request (≤ 10 parcels, the
 * recipient given by oaid + tid, no plain receiver), cainiao.waybill.ii.cancel (cp_code,
 * waybill_code). print_data is a JSON text {encryptedData, signature, templateURL, ver} for the
 * Cainiao print component (ws://127.0.0.1:13528). Signed and sent like every TOP call (taobaoCall).
 */
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { type ChannelEndpoint, ChannelError } from '../marketplace/types.ts';
import { cancelOutcome, inRequestOrder, type WaybillPlatform, waybillCourier, waybillsInBatches } from '../marketplace/waybill-client.ts';
import type {
  PlatformPrintData,
  PlatformWaybillClient,
  PlatformWaybillOutcome,
  PlatformWaybillParcel,
  PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { TAOBAO_COURIERS, taobaoCall } from './client.ts';

export const CAINIAO_BATCH_MAX = 10;
export const CAINIAO_GET = 'cainiao.waybill.ii.get';
export const CAINIAO_CANCEL = 'cainiao.waybill.ii.cancel';
/** Cainiao's cp_code is the TOP company code for the couriers we use. ⚠ Not checked against cainiao.waybill.ii.search. */
export const CAINIAO_COURIERS: Partial<Record<CourierCode, string>> = { ...TAOBAO_COURIERS };
/** ⚠ The "no subscription for this cp_code" sub code is our assumption; the emulator answers it. */
export const CAINIAO_NO_ACCOUNT = 'isv.WAYBILL_SUBSCRIPTION_NOT_EXIST';

export const CAINIAO: WaybillPlatform = {
  name: '菜鸟',
  backOffice: '菜鸟后台（千牛-物流管理-电子面单）',
  noAccount: (code) => code === CAINIAO_NO_ACCOUNT,
};

/** print_data as Cainiao sends it: a JSON text (encrypted: encryptedData + signature). */
export function cainiaoPrintData(text: string): PlatformPrintData {
  let p: Json;
  try {
    p = obj(JSON.parse(text));
  } catch {
    throw new ChannelError('BAD_REQUEST', 'bad_print_data', '菜鸟返回的打印数据不是 JSON');
  }
  if (!str(p.encryptedData) || !str(p.signature)) throw new ChannelError('BAD_REQUEST', 'bad_print_data', '菜鸟返回的打印数据没有加密内容或签名');
  return { source: 'CAINIAO', encryptedData: str(p.encryptedData), signature: str(p.signature), templateUrl: str(p.templateURL), ver: str(p.ver) || undefined };
}

function tradeOrderInfo(p: PlatformWaybillParcel): Json {
  return {
    object_id: p.objectId,
    order_info: { order_channels_type: 'TB', trade_order_list: p.platformOrderIds },
    package_info: { id: p.objectId, items: p.items, weight: p.weightG },
    // Encrypted orders: the oaid and the tid it belongs to stand for the receiver (RecipientInfoDto).
    recipient: {
      oaid: p.receiverHandle,
      tid: p.platformOrderIds[0],
      address: p.region ? { province: p.region.province, city: p.region.city, district: p.region.district } : undefined,
    },
  };
}

async function take(ctx: ClientContext, r: PlatformWaybillRequest, cpCode: string, batch: PlatformWaybillParcel[]): Promise<PlatformWaybillOutcome[]> {
  const s = r.sender;
  const ask = {
    cp_code: cpCode,
    need_encrypt: true,
    sender: { name: s.name, mobile: s.phone, address: { province: s.province, city: s.city, district: s.district, detail: s.address } },
    trade_order_info_dtos: batch.map(tradeOrderInfo),
  };
  const node = await ctx.retry(() => taobaoCall(ctx, CAINIAO_GET, { param_waybill_cloud_print_apply_new_request: JSON.stringify(ask) }, r.token));
  const rows = arr(obj(node.modules).waybill_cloud_print_response).map(obj);
  return inRequestOrder(
    CAINIAO,
    batch,
    rows.map((m) => ({ objectId: str(m.object_id), ok: true as const, trackingNo: str(m.waybill_code), printData: cainiaoPrintData(str(m.print_data)) })),
  );
}

export function createCainiaoWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);
  return {
    source: 'CAINIAO',
    batchMax: CAINIAO_BATCH_MAX,
    getWaybills: (r) => waybillsInBatches(CAINIAO, CAINIAO_COURIERS, r, CAINIAO_BATCH_MAX, (cpCode, batch) => take(ctx, r, cpCode, batch)),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(CAINIAO, async () => {
        const cpCode = waybillCourier(CAINIAO_COURIERS, courierCode, CAINIAO);
        const node = await ctx.retry(() => taobaoCall(ctx, CAINIAO_CANCEL, { cp_code: cpCode, waybill_code: trackingNo }, token));
        if (node.cancel_result !== true) throw new ChannelError('BAD_REQUEST', 'cancel_failed', `面单 ${trackingNo} 没有回收成功`);
      });
    },
  };
}
