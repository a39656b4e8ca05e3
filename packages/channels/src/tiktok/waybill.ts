/**
 * Douyin (抖店) privacy e-waybills (waybills-aftersales.md §3): logistics.newCreateOrder takes the
 * numbers (≤ 50 parcels; receiver name, mobile and detail address "支持密文": the order's
 * ciphertexts as synced; pack_id = our objectId, so the same pack answers the same number) and
 * answers no print data, which logistics.waybillApply gives by number (print_data + sign for the
 * Douyin print component, ws://127.0.0.1:13888); logistics.cancelOrder recycles a number. Signed
 * and sent like every Douyin call (doudianCall). Both answers list failures per parcel (err_infos).
 */
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import type { ChannelEndpoint } from '../marketplace/types.ts';
import { cancelOutcome, inRequestOrder, parcelFailure, type WaybillPlatform, waybillsInBatches } from '../marketplace/waybill-client.ts';
import {
  handleCiphers,
  type PlatformWaybillClient,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { DOUDIAN_COURIERS, doudianCall } from './client.ts';

export const DOUYIN_WAYBILL_BATCH_MAX = 50;
export const DOUYIN_CREATE = 'logistics.newCreateOrder';
export const DOUYIN_APPLY = 'logistics.waybillApply';
export const DOUYIN_CANCEL = 'logistics.cancelOrder';
/** logistics_code is the company code of order.logisticsCompanyList (the one ship-notify sends). ⚠ Same general-knowledge table. */
export const DOUYIN_WAYBILL_COURIERS: Partial<Record<CourierCode, string>> = { ...DOUDIAN_COURIERS };
/** ⚠ The "no subscription / net site for this company" err_code is our assumption; the emulator answers it. */
export const DOUYIN_NO_ACCOUNT = '300101';
/** Douyin serves templates through logistics.templateList; this standard 76×130 one is our default. ⚠ URL shape unverified. */
export const DOUYIN_TEMPLATE_URL = 'https://sf1-cdn-tos.douyinstatic.com/obj/logistics-davinci/template/template_76.xml';

export const DOUYIN_WAYBILL: WaybillPlatform = {
  name: '抖店电子面单',
  backOffice: '抖店后台（物流-电子面单-服务商开通）',
  noAccount: (code) => code === DOUYIN_NO_ACCOUNT,
};

function orderInfo(p: PlatformWaybillParcel): Json {
  const c = handleCiphers(p.receiverHandle) ?? { name: p.receiverHandle, phone: '', address: '' };
  const [orderId, ...merged] = p.platformOrderIds;
  return {
    order_id: orderId,
    pack_id: p.objectId,
    // ⚠ Merged parcels: the other orders of the same receiver (DC names combine_orders; its shape is our assumption).
    combine_orders: merged.length ? merged : undefined,
    receiver_info: {
      address: {
        country_code: 'CHN',
        province_name: p.region?.province,
        city_name: p.region?.city,
        district_name: p.region?.district,
        detail_address: c.address,
      },
      contact: { name: c.name, mobile: c.phone },
    },
    items: p.items.map((i) => ({ item_name: i.name, item_count: i.count })),
    total_pack_count: 1,
    weight: p.weightG,
  };
}

async function take(ctx: ClientContext, r: PlatformWaybillRequest, code: string, batch: PlatformWaybillParcel[]): Promise<PlatformWaybillOutcome[]> {
  const s = r.sender;
  const created = await ctx.retry(() =>
    doudianCall(
      ctx,
      DOUYIN_CREATE,
      {
        sender_info: {
          address: { country_code: 'CHN', province_name: s.province, city_name: s.city, district_name: s.district, detail_address: s.address },
          contact: { name: s.name, mobile: s.phone },
        },
        logistics_code: code,
        order_infos: batch.map(orderInfo),
      },
      r.token,
    ),
  );
  const out: PlatformWaybillOutcome[] = arr(created.err_infos)
    .map(obj)
    .map((e) => parcelFailure(DOUYIN_WAYBILL, r.courierCode, str(e.pack_id), str(e.err_code), str(e.err_msg)));
  const numbers = arr(created.ebill_infos)
    .map(obj)
    .map((e) => ({ objectId: str(e.pack_id), trackNo: str(e.track_no) }));
  if (numbers.length) {
    const applied = await ctx.retry(() =>
      doudianCall(ctx, DOUYIN_APPLY, { waybill_applies: numbers.map((n) => ({ logistics_code: code, track_no: n.trackNo })) }, r.token),
    );
    const infos = new Map(arr(applied.waybill_infos).map((i) => [str(obj(i).track_no), obj(i)]));
    const errs = new Map(arr(applied.err_infos).map((e) => [str(obj(e).track_no), obj(e)]));
    for (const n of numbers) {
      const info = infos.get(n.trackNo);
      const e = errs.get(n.trackNo);
      if (info) {
        out.push({
          objectId: n.objectId,
          ok: true,
          trackingNo: n.trackNo,
          printData: { source: 'TIKTOK', encryptedData: str(info.print_data), signature: str(info.sign), templateUrl: DOUYIN_TEMPLATE_URL },
        });
      } else {
        out.push(
          parcelFailure(DOUYIN_WAYBILL, r.courierCode, n.objectId, str(e?.err_code) || 'no_print_data', str(e?.err_msg) || `面单 ${n.trackNo} 没有打印数据`),
        );
      }
    }
  }
  return inRequestOrder(DOUYIN_WAYBILL, batch, out);
}

export function createDouyinWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);
  return {
    source: 'TIKTOK',
    batchMax: DOUYIN_WAYBILL_BATCH_MAX,
    getWaybills: (r) => waybillsInBatches(DOUYIN_WAYBILL, DOUYIN_WAYBILL_COURIERS, r, DOUYIN_WAYBILL_BATCH_MAX, (code, batch) => take(ctx, r, code, batch)),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(DOUYIN_WAYBILL, async () => {
        const code = DOUYIN_WAYBILL_COURIERS[courierCode as CourierCode] ?? courierCode;
        await ctx.retry(() => doudianCall(ctx, DOUYIN_CANCEL, { logistics_code: code, track_no: trackingNo }, token));
      });
    },
  };
}
