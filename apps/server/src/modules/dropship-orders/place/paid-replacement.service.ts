/**
 * An order whose goods are already paid for, placed and paid from the balance in the caller's
 * transaction, through the same writers and the same settleOrders as any order. The seller pays
 * what such an order costs: express + the per-item service fee; its goods charge is 0.
 * - 问题件重发 (PROBLEM_RESHIP): the goods are in the serving warehouse. Its lines are OWN_STOCK at
 *   cost 0, so payment makes their take items TOOK at once: no picker walks for them and the scan
 *   station ships them like any taken order.
 * - 换货补发 (AFTER_SALE_EXCHANGE): the stall took an exchange's goods back and kept their money, which
 *   pays the new piece. Its line is the original stall line at its original unit cost (the picker's
 *   price check and 补款 compare against it), so its take item waits (WAITING_TAKING) for a picker
 *   like any paid stall line.
 */
import { ErrorCode, fenToYuan, type ReceiverFields } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { expressFeeFrom, type FeeBook } from '../../express/index.js';
import { balanceOf } from '../../funds/index.js';
import * as repo from '../orders.repository.js';
import { settleOrders } from '../pay/settle.service.js';
import * as timeline from '../timeline.repository.js';
import { normalizeReceiver } from './create.service.js';

export interface StockLine {
  title: string;
  artNo: string;
  color: string;
  size: string;
  quantity: number;
  /** Where the goods are (kept in the line's snapshot): e.g. the problem parcel and its label number. */
  snapshot: Record<string, unknown>;
  /** The stall to take it from at its unit cost (a replacement); absent: the goods are on the warehouse's shelves. */
  stall?: StallOfLine;
}

/** The stall's walk fields of an order line and the unit cost it was bought at: the line's own columns. */
export type StallOfLine = Pick<
  repo.ItemRecord,
  'supplierId' | 'stallName' | 'market' | 'building' | 'floor' | 'stallNo' | 'marketArea' | 'picUrl' | 'unitCostFen'
>;

const NO_STALL = { supplierId: null, stallName: '', market: '', building: '', floor: '', stallNo: '', marketArea: '', picUrl: null };

export interface StockOrder {
  source: 'PROBLEM_RESHIP' | 'AFTER_SALE_EXCHANGE';
  receiver: ReceiverFields;
  expressCode: string;
  lines: StockLine[];
  remark: string;
  /** The payment's request key (the order's pay_request_key): the same key again is the same payment. */
  requestKey: string;
}

/** The charges of such an order: express by the receiver's province and item count, and the service fee per item. */
export function stockOrderCharges(book: FeeBook, expressCode: string, province: string, itemCount: number) {
  const express = expressFeeFrom(book, expressCode, province, itemCount);
  const serviceFeeFen = itemCount * book.settings.serviceFeePerItemFen;
  return { express, serviceFeeFen, totalFen: express.feeFen + serviceFeeFen };
}

/** Every courier's charges for such an order (the choice in the 重发 and 换货补发 drawers). */
export function stockOrderQuotes(book: FeeBook, province: string, itemCount: number) {
  const serviceFeeFen = itemCount * book.settings.serviceFeePerItemFen;
  return book
    .fees({ province, itemCount })
    .map((r) => ({ code: r.code, name: r.name, expressFeeFen: r.feeFen, serviceFeeFen, totalFen: r.feeFen + serviceFeeFen }));
}

/** Places the order (WAITING_PAYMENT) and pays it from the balance at once; the caller's transaction holds both. */
export async function placePaidReplacement(t: Db, payer: { orgId: number; userId: number }, book: FeeBook, o: StockOrder) {
  const receiver = normalizeReceiver(o.receiver);
  const itemCount = o.lines.reduce((n, l) => n + l.quantity, 0);
  const { express, serviceFeeFen, totalFen } = stockOrderCharges(book, o.expressCode, receiver.province, itemCount);
  const { available } = await balanceOf(t, payer.orgId);
  if (totalFen > available) {
    const what = o.source === 'AFTER_SALE_EXCHANGE' ? '补发' : '重发';
    throw new AppError(
      ErrorCode.INSUFFICIENT_BALANCE,
      `可用余额不足：本次需支付 ¥${fenToYuan(totalFen)}，当前可用 ¥${fenToYuan(available)}，请先充值后再${what}`,
    );
  }
  const [orderNo] = (await repo.nextOrderNos(t, 1)) as [string];
  const ids = await repo.insertOrders(t, payer.orgId, [
    {
      orderNo,
      source: o.source,
      receiverName: receiver.name,
      receiverPhone: receiver.phone,
      receiverProvince: receiver.province,
      receiverCity: receiver.city,
      receiverDistrict: receiver.district,
      receiverAddress: receiver.address,
      expressCode: express.code,
      expressName: express.name,
      expressFeeFen: express.feeFen,
      serviceFeeFen,
      // The goods are paid already (the parcel's order, or the money the stall kept for an exchange).
      goodsFen: 0,
      discountFen: 0,
      totalFen,
      itemCount,
      remark: o.remark,
      createdBy: payer.userId,
    },
  ]);
  const orderId = ids.get(orderNo) as number;
  await repo.insertItems(
    t,
    payer.orgId,
    o.lines.map((l, i) => ({
      orderId,
      lineNo: i + 1,
      title: l.title,
      spec: [l.color, l.size].filter(Boolean).join(' ') || null,
      snapshot: l.snapshot,
      shopOrderItemId: null,
      customGoodsId: null,
      // No stall: the goods are on the warehouse's shelves (OWN_STOCK, born TOOK); a stall: a picker takes it.
      ...(l.stall ? { ...l.stall, supplyMode: 'MARKET_PICKUP' } : { ...NO_STALL, unitCostFen: 0, supplyMode: 'OWN_STOCK' }),
      artNo: l.artNo,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
    })),
  );
  await timeline.insertEvents(t, payer.orgId, { userId: payer.userId, orgId: payer.orgId }, [
    { orderId, fromStatus: null, toStatus: 'WAITING_PAYMENT', operation: 'CREATE', note: o.remark },
  ]);
  await timeline.bumpCounts(t, payer.orgId, new Map([['WAITING_PAYMENT', 1]]));
  const rows = await repo.lockOrders(t, payer.orgId, [orderId]);
  await settleOrders(t, payer, rows, { payMethod: 'BALANCE', requestKey: o.requestKey, note: o.remark });
  return { orderId, orderNo, totalFen };
}
