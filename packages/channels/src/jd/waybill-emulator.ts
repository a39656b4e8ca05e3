/**
 * The JD waybill calls on the emulated JOS gateway (/jd/routerjson): ldop.alpha.waybill.receive
 * (one order, resultInfo.statusCode per call), printing.printData.pullData (print data by number)
 * and ldop.alpha.waybill.unbind, after the gateway's own checks (emulator-gateway.ts: app key,
 * timestamp ±6 min, signature, failNext, token) and with "_responce" envelopes.
 */
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import { type EmulatorAnswer, type EmulatorRequest, json } from '../marketplace/emulator-types.ts';
import { arr, type Json, obj, str } from '../marketplace/http.ts';
import { cancelIssued, issueAll, ourCourier, printDataOf, type WaybillRefusalReason, waybillBook } from '../marketplace/waybill-emulator.ts';
import { jdResponseKey } from './client.ts';
import { checkJosCall } from './emulator-gateway.ts';
import { JD_NO_ACCOUNT, JD_PRINT_PULL, JD_TEMPLATE_URL, JD_WAYBILL_COURIERS, JD_WAYBILL_RECEIVE, JD_WAYBILL_UNBIND } from './waybill.ts';

/** ⚠ JD's statusCode values are our assumptions. */
const STATUS: Record<WaybillRefusalReason, number> = {
  NO_ACCOUNT: Number(JD_NO_ACCOUNT),
  ORDER_NOT_FOUND: 2003,
  NOT_SHIPPABLE: 2004,
  RECEIVER_MISMATCH: 2005,
  BAD_PARCEL: 2006,
};
const METHODS = new Set([JD_WAYBILL_RECEIVE, JD_PRINT_PULL, JD_WAYBILL_UNBIND]);

export const isJdWaybillCall = (r: EmulatorRequest) => r.path === '/routerjson' && r.method === 'POST' && METHODS.has(r.params.method ?? '');

function receive(biz: Json, shopId: string, core: ChannelCore): Json {
  let c: Json;
  try {
    c = obj(JSON.parse(str(biz.content)));
  } catch {
    return { resultInfo: { statusCode: 2006, statusMessage: 'content 不是合法的 JSON' } };
  }
  const from = obj(c.fromAddress);
  const to = obj(c.toAddress);
  const providerCode = str(c.providerCode);
  const result = issueAll(core, shopId, {
    courierCode: ourCourier(JD_WAYBILL_COURIERS, providerCode),
    platformCourier: providerCode,
    sender: {
      name: str(from.contact),
      phone: str(from.mobile),
      province: str(from.provinceName),
      city: str(from.cityName),
      district: str(from.countryName),
      address: str(from.address),
    },
    templateUrl: JD_TEMPLATE_URL,
    parcels: [
      {
        objectId: str(c.platformOrderNo),
        platformOrderIds: str(c.vendorOrderCode).split(',').filter(Boolean),
        receiverHandle: str(to.oaid) || JSON.stringify({ name: str(to.contact), phone: str(to.mobile), address: str(to.address) }),
        region: str(to.provinceName) ? { province: str(to.provinceName), city: str(to.cityName), district: str(to.countryName) } : undefined,
        items: [{ name: str(c.goodsName), count: 1 }],
        weightG: c.weight === undefined ? undefined : Math.round(Number(c.weight) * 1000),
      },
    ],
  });
  if (!result.ok) return { resultInfo: { statusCode: STATUS[result.refusal.reason], statusMessage: result.refusal.message } };
  const w = result.issued[0]?.waybill;
  return { resultInfo: { statusCode: 0, statusMessage: '成功', data: { platformOrderNo: w?.objectId, waybillCodeList: [w?.trackingNo] } } };
}

function pull(biz: Json, shopId: string, core: ChannelCore): Json {
  const p = obj(biz.param1);
  const book = waybillBook(core);
  const prePrintDatas: Json[] = [];
  for (const i of arr(p.wayBillInfos).map(obj)) {
    const w = book.find(shopId, str(i.wayBillCode));
    if (!w || w.cancelledAt || w.platformCourier !== str(p.cpCode))
      return { returnType: { code: 2007, message: `运单不存在或已回收：${str(i.wayBillCode)}`, objectId: p.objectId } };
    const pd = printDataOf(core, w);
    prePrintDatas.push({ wayBillNo: w.trackingNo, perPrintData: pd.encryptedData, sign: pd.signature });
  }
  return { returnType: { code: 1, message: '成功', objectId: p.objectId, prePrintDatas } };
}

export async function jdWaybillGateway(r: EmulatorRequest, core: ChannelCore): Promise<EmulatorAnswer> {
  const call = await checkJosCall(r, core);
  if ('status' in call) return call;
  const { p, shop } = call;
  const biz = obj(call.biz);
  const method = p.method ?? '';
  const shopId = shop.platformShopId;
  const ok = (node: Json) => json({ [jdResponseKey(method)]: { code: '0', ...node } });
  if (method === JD_WAYBILL_RECEIVE) return ok(receive(biz, shopId, core));
  if (method === JD_PRINT_PULL) return ok(pull(biz, shopId, core));
  const codes = arr(biz.waybillCodeList).map(str);
  for (const no of codes) {
    const done = cancelIssued(core, shopId, str(biz.providerCode), no);
    if (done !== 'ok')
      return ok({
        resultInfo: { statusCode: done === 'unknown' ? 2008 : 2009, statusMessage: done === 'unknown' ? `运单不存在：${no}` : `运单已回收：${no}` },
      });
  }
  return ok({ resultInfo: { statusCode: codes.length ? 0 : 2006, statusMessage: codes.length ? '成功' : 'waybillCodeList 不能为空' } });
}
