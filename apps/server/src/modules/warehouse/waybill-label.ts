/**
 * What a waybill says: the sender (the seller's custom delivery info for the shop, else its
 * default, else the purchaser's warehouse phone and address under the shop's name), the receiver
 * (full to the courier, masked on the paper as on a privacy waybill) and the goods still wanted.
 */
import { maskName, maskPhone, type WaybillLabelData } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import type { OrderRecord } from '../dropship-orders/index.js';
import { fulfilmentSettings, senderFor } from '../fulfilment-settings/index.js';
import { isLive } from './arrival.js';
import { plainReceiverOf } from './receiver-source.js';
import type { TakeItemRecord, WarehouseSetting } from './warehouse.repository.js';

export interface Party {
  name: string;
  mobile: string;
  printAddr: string;
}

/** The sender, or null when neither the seller nor the warehouse has a phone and address to print. */
export async function senderOf(db: Db, o: OrderRecord, sellerName: string, warehouse: WarehouseSetting): Promise<Party | null> {
  const own = senderFor(await fulfilmentSettings(db, o.orgId), o.shopId);
  const name = own?.senderName || o.shopName || sellerName;
  const mobile = own?.senderPhone || warehouse.senderPhone;
  const printAddr = own?.senderAddress || warehouse.senderAddress;
  return mobile && printAddr ? { name, mobile, printAddr } : null;
}

/** "A101 黑色 M ×1；B2 白 L ×2": the pieces actually shipped (part-taken lines with what was taken), of one order or a whole parcel. */
export function goodsOf(items: TakeItemRecord[]) {
  const live = items.filter(isLive);
  const qty = (i: TakeItemRecord) => (i.takingStatus === 'TOOK_PART' ? i.tookQuantity : i.quantity);
  return {
    text: live.map((i) => `${[i.artNo, i.color, i.size].filter(Boolean).join(' ')} ×${qty(i)}`).join('；'),
    count: live.reduce((n, i) => n + qty(i), 0),
  };
}

/** The goods as a platform e-waybill lists them: one line per piece kind shipped. */
export function goodsLines(items: TakeItemRecord[]): { name: string; count: number }[] {
  return items.filter(isLive).map((i) => ({
    name: [i.artNo, i.color, i.size].filter(Boolean).join(' ') || '服装',
    count: i.takingStatus === 'TOOK_PART' ? i.tookQuantity : i.quantity,
  }));
}

const pad = (n: number) => String(n).padStart(2, '0');
export function beijingMinute(d: Date): string {
  const b = new Date(d.getTime() + 8 * 3_600_000);
  return `${b.getUTCFullYear()}-${pad(b.getUTCMonth() + 1)}-${pad(b.getUTCDate())} ${pad(b.getUTCHours())}:${pad(b.getUTCMinutes())}`;
}

/**
 * A label whose receiver the platform decrypted for a Kuaidi100 waybill: stored with the order's masks
 * (as the label of any encrypted order) plus the decrypted receiver sealed by the receiver vault, so
 * the stored row holds nothing plain (docs/security.md 收货人数据).
 */
export function sealLabelReceiver(label: WaybillLabelData, plain: Party): WaybillLabelData & { receiverSealed: string } {
  return { ...label, receiverSealed: receiverVault().seal({ name: plain.name, phone: plain.mobile, address: plain.printAddr }) };
}

/**
 * The label as printed (a shipment, a reprint): a sealed receiver is opened and shown as any plain
 * order's label shows its receiver (name and phone masked, the full address); once retention erased
 * it, the masks stored beside it.
 */
export function printedLabel(stored: string): WaybillLabelData {
  const { receiverSealed, ...label } = JSON.parse(stored) as WaybillLabelData & { receiverSealed?: string };
  if (!receiverSealed) return label;
  const r = receiverVault().open(receiverSealed);
  return { ...label, receiverName: maskName(r.name), receiverPhone: maskPhone(r.phone), receiverAddress: r.address };
}

export function waybillLabelOf(
  o: OrderRecord,
  w: { courierCode: string; courierName: string; trackingNo: string },
  sender: Party,
  goods: { text: string; count: number },
  at: Date,
  /** A merged parcel's orders (decision 0019); the one order otherwise. */
  orderNo: string = o.orderNo,
): WaybillLabelData {
  const r = plainReceiverOf(o);
  return {
    trackingNo: w.trackingNo,
    courierCode: w.courierCode,
    courierName: w.courierName,
    orderNo,
    receiverName: maskName(r.name),
    receiverPhone: maskPhone(r.mobile),
    receiverAddress: r.printAddr,
    senderName: sender.name,
    senderPhone: sender.mobile,
    senderAddress: sender.printAddr,
    goods: goods.text.slice(0, 290),
    itemCount: goods.count,
    remark: o.buyerRemark ? o.buyerRemark.slice(0, 190) : null,
    printTime: beijingMinute(at),
  };
}
