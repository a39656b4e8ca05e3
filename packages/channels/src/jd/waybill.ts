/**
 * JD privacy e-waybills (京东无界电子面单, waybills-aftersales.md §6): jingdong.ldop.alpha.waybill.receive
 * takes one order's number per call (content: a JSON text whose toAddress carries the order's
 * ciphertexts as synced; platformOrderNo = our objectId, so the same objectId answers the same
 * number ⚠), jingdong.printing.printData.pullData gives the print data by number (the research
 * found it as JDL's pullData service; public JOS SDKs name this JOS method), and
 * jingdong.ldop.alpha.waybill.unbind recycles a number (⚠ named in public SDKs; its answer and
 * whether it is the right call to void a parcel are unverified). Signed like every JOS call (jdCall).
 */
import { formatChinaTime } from '../marketplace/china-time.ts';
import { type ClientContext, clientContext, type MarketplaceClientOptions } from '../marketplace/client-options.ts';
import type { CourierCode } from '../marketplace/couriers.ts';
import { arr, type Json, num, obj, str } from '../marketplace/http.ts';
import { type ChannelEndpoint, ChannelError } from '../marketplace/types.ts';
import { cancelOutcome, parcelFailure, type WaybillPlatform, waybillsInBatches } from '../marketplace/waybill-client.ts';
import {
  handleCiphers,
  type PlatformWaybillClient,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
} from '../marketplace/waybill-types.ts';
import { jdCall } from './client.ts';

/** One order per receive call (⚠ the API takes one platformOrderNo; we found no batch form). */
export const JD_WAYBILL_BATCH_MAX = 1;
export const JD_WAYBILL_RECEIVE = 'jingdong.ldop.alpha.waybill.receive';
export const JD_PRINT_PULL = 'jingdong.printing.printData.pullData';
export const JD_WAYBILL_UNBIND = 'jingdong.ldop.alpha.waybill.unbind';
/** Our courier → providerCode of 无界电子面单. ⚠ From general knowledge; jingdong.ldop.alpha.provider.query lists a shop's. */
export const JD_WAYBILL_COURIERS: Partial<Record<CourierCode, string>> = {
  ZTO: 'ZTO',
  YTO: 'YTO',
  STO: 'STO',
  YUNDA: 'YUNDA',
  SF: 'SF',
  JTSD: 'JTSD',
  EMS: 'EMS',
  YZXB: 'YZPY',
  JD: 'JD',
  DBKD: 'DBKD',
};
/** ⚠ The "no provider sign-up (account) for this courier" statusCode is our assumption; the emulator answers it. */
export const JD_NO_ACCOUNT = '2002';
/** JD's standard 76×130 template (waybills-aftersales.md §0). */
export const JD_TEMPLATE_URL = 'https://template-content.jd.com/template-oss?tempCode=ytokd76x130';

export const JD_WAYBILL: WaybillPlatform = {
  name: '京东无界电子面单',
  backOffice: '京东商家后台（无界电子面单-服务商签约）',
  noAccount: (code) => code === JD_NO_ACCOUNT,
};

function content(r: PlatformWaybillRequest, providerCode: string, p: PlatformWaybillParcel): Json {
  // An order synced with consigneeInfo.oaid (decision 0021) is shipped by its oaid; an older one by its TDE ciphertexts.
  const ciphers = handleCiphers(p.receiverHandle);
  const c = ciphers ?? { name: '', phone: '', address: '' };
  const s = r.sender;
  return {
    waybillType: 1,
    waybillCount: 1,
    providerCode,
    salePlatform: '0010001',
    platformOrderNo: p.objectId,
    // ⚠ A merged parcel's orders travel comma-joined in vendorOrderCode (our assumption).
    vendorOrderCode: p.platformOrderIds.join(','),
    fromAddress: { provinceName: s.province, cityName: s.city, countryName: s.district, address: s.address, contact: s.name, mobile: s.phone },
    toAddress: {
      provinceName: p.region?.province,
      cityName: p.region?.city,
      countryName: p.region?.district,
      address: c.address,
      contact: c.name,
      mobile: c.phone,
      // ⚠ field name assumed, as consigneeInfo.oaid
      ...(ciphers ? {} : { oaid: p.receiverHandle }),
    },
    weight: p.weightG === undefined ? undefined : p.weightG / 1000,
    goodsName: p.items
      .map((i) => `${i.name}×${i.count}`)
      .join('；')
      .slice(0, 100),
    payType: 0,
    promiseTimeType: 0,
  };
}

async function takeOne(ctx: ClientContext, r: PlatformWaybillRequest, providerCode: string, p: PlatformWaybillParcel): Promise<PlatformWaybillOutcome> {
  const node = await ctx.retry(() => jdCall(ctx, JD_WAYBILL_RECEIVE, { content: JSON.stringify(content(r, providerCode, p)) }, r.token));
  const info = obj(node.resultInfo);
  if (num(info.statusCode) !== 0) return parcelFailure(JD_WAYBILL, r.courierCode, p.objectId, str(info.statusCode), str(info.statusMessage));
  const trackingNo = str(arr(obj(info.data).waybillCodeList)[0]);
  if (!trackingNo) throw new ChannelError('SERVER_ERROR', 'no_waybill', '京东没有返回运单号');
  const pulled = await ctx.retry(() =>
    jdCall(
      ctx,
      JD_PRINT_PULL,
      {
        param1: {
          cpCode: providerCode,
          objectId: p.objectId,
          wayBillInfos: [{ orderNo: p.platformOrderIds[0], popFlag: 1, wayBillCode: trackingNo, jdWayBillCode: trackingNo }],
          parameters: {},
        },
      },
      r.token,
    ),
  );
  const ret = obj(pulled.returnType);
  const data = arr(ret.prePrintDatas)
    .map(obj)
    .find((d) => str(d.wayBillNo) === trackingNo);
  if (num(ret.code) !== 1 || !data)
    return parcelFailure(JD_WAYBILL, r.courierCode, p.objectId, str(ret.code), str(ret.message) || `运单 ${trackingNo} 没有打印数据`);
  return {
    objectId: p.objectId,
    ok: true,
    trackingNo,
    printData: { source: 'JD', encryptedData: str(data.perPrintData), signature: str(data.sign), templateUrl: JD_TEMPLATE_URL },
  };
}

export function createJdWaybillClient(endpoint: ChannelEndpoint, opts?: MarketplaceClientOptions): PlatformWaybillClient {
  const ctx = clientContext(endpoint, opts);
  return {
    source: 'JD',
    batchMax: JD_WAYBILL_BATCH_MAX,
    getWaybills: (r) =>
      waybillsInBatches(JD_WAYBILL, JD_WAYBILL_COURIERS, r, JD_WAYBILL_BATCH_MAX, async (code, batch) => {
        const out: PlatformWaybillOutcome[] = [];
        for (const p of batch) out.push(await takeOne(ctx, r, code, p));
        return out;
      }),
    cancelWaybill({ token, courierCode, trackingNo }) {
      return cancelOutcome(JD_WAYBILL, async () => {
        const biz = {
          providerCode: JD_WAYBILL_COURIERS[courierCode as CourierCode] ?? courierCode,
          waybillCodeList: [trackingNo],
          operatorName: '代发助手',
          operatorTime: formatChinaTime(ctx.now()),
        };
        const info = obj((await ctx.retry(() => jdCall(ctx, JD_WAYBILL_UNBIND, biz, token))).resultInfo);
        if (num(info.statusCode) !== 0) throw new ChannelError('BAD_REQUEST', str(info.statusCode), `京东：${str(info.statusMessage)}`);
      });
    },
  };
}
