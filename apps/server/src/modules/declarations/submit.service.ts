/**
 * Submitting a declaration (报单): its lines become dropship orders with source DECLARATION, priced
 * like any other order (express fee from the operator's rules, service fee per item), created as
 * WAITING_PAYMENT with their timeline and tab counters, in one transaction with the declaration
 * turning SUBMITTED. From then on the orders are ordinary: paying them (pay.service.ts) creates
 * the take items, and picking, the warehouse, cancelling and refunds work unchanged.
 *
 * Lines go to orders by delivery: RECEIVER groups lines of the same receiver into one parcel;
 * OWN_ADDRESS ships everything to the seller's return address; SELF_PICKUP is one order without
 * courier or freight that the warehouse holds for the seller (express SELF_PICKUP).
 */
import { type DeclarationSubmitResult, ErrorCode, type ReceiverFields, SELF_PICKUP_EXPRESS } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { findArea } from '../area/index.js';
import {
  bumpCounts,
  insertEvents,
  insertItems,
  insertOrders,
  itemsOf,
  type NewItem,
  type NewOrder,
  nextOrderNos,
  stallLineItem,
} from '../dropship-orders/index.js';
import { expressFeeFrom, loadFeeBook } from '../express/index.js';
import { fulfilmentSettings } from '../fulfilment-settings/index.js';
import { memberServiceFee } from '../membership/index.js';
import { type DeclarationRecord, type LineRecord, linesOf, linkLines, lockDeclaration, markSubmitted, suppliersByIds } from './declarations.repository.js';
import { lineReceiverOf } from './line-receiver.js';

type Actor = Pick<Caller, 'orgId' | 'userId'>;
type Line = LineRecord;
type Supplier = Awaited<ReturnType<typeof suppliersByIds>>[number];

interface Group {
  receiver: ReceiverFields;
  lines: Line[];
}

const receiverKey = (r: ReceiverFields) => [r.name, r.phone, r.province, r.city, r.district, r.address].join('\u0001');

function normalized(r: ReceiverFields, lineNo: number): ReceiverFields {
  const a = findArea(r.province, r.city, r.district, r.address);
  if (!a)
    throw new AppError(
      ErrorCode.DECLARATION_LINES_INVALID,
      `第${lineNo}行：收货地址“${[r.province, r.city, r.district].join(' ')}”无法识别，请修改草稿后再提交`,
    );
  return { ...r, province: a.province, city: a.city, district: a.district };
}

async function groupsOf(db: Db, orgId: number, d: DeclarationRecord, lines: Line[]): Promise<Group[]> {
  if (d.delivery === 'RECEIVER') {
    const groups = new Map<string, Group>();
    for (const l of lines) {
      const plain = lineReceiverOf(l.receiver);
      if (!plain) throw new AppError(ErrorCode.DECLARATION_LINES_INVALID, `第${l.lineNo}行：没有收货人，请修改草稿后再提交`);
      const r = normalized(plain, l.lineNo);
      const g = groups.get(receiverKey(r)) ?? { receiver: r, lines: [] };
      g.lines.push(l);
      groups.set(receiverKey(r), g);
    }
    return [...groups.values()];
  }
  const s = await fulfilmentSettings(db, orgId);
  if (d.delivery === 'OWN_ADDRESS') {
    if (!s.returnAddress) throw new AppError(ErrorCode.DECLARATION_ADDRESS_MISSING);
    return [{ receiver: normalized(s.returnAddress, 1), lines }];
  }
  // Self pickup: nothing is posted; the order carries the seller's contact so the warehouse knows whom to hand it to.
  const contact = s.returnAddress ?? s.sendAddress;
  return [
    {
      receiver: { name: contact?.name ?? '卖家自提', phone: contact?.phone ?? '', province: '', city: '', district: '', address: '仓库留存，卖家自提' },
      lines,
    },
  ];
}

function orderLine(l: Line, lineNo: number, s: Supplier, declarationNo: string): NewItem {
  return stallLineItem(lineNo, s, l, {
    kind: 'DECLARATION',
    declarationNo,
    declarationLineId: l.id,
    stall: l.stall,
    supplier: { id: s.id, name: s.name, market: s.market, stallNo: s.stallNo },
  });
}

/** DRAFT → SUBMITTED: the orders created WAITING_PAYMENT, or nothing (a submitted draft answers 17251). */
export async function submitDeclaration(db: Db, caller: Actor, id: number): Promise<DeclarationSubmitResult> {
  const book = await loadFeeBook(db);
  return inTransaction(db, async (t) => {
    const d = await lockDeclaration(t, caller.orgId, id);
    if (!d) throw notFound('报单');
    if (d.status !== 'DRAFT') throw new AppError(ErrorCode.DECLARATION_NOT_DRAFT, `报单 ${d.declarationNo} 已提交过，请到报单历史查看`);
    const lines = await linesOf(t, caller.orgId, id);
    // The stalls again: one may have been disabled or deleted since the draft was saved.
    const suppliers = new Map(
      (await suppliersByIds(t, caller.orgId, [...new Set(lines.flatMap((l) => (l.supplierId ? [l.supplierId] : [])))])).map((s) => [s.id, s]),
    );
    const gone = lines.filter((l) => suppliers.get(l.supplierId ?? 0)?.status !== 'ENABLED');
    if (gone.length > 0) {
      const text = gone.slice(0, 5).map((l) => `第${l.lineNo}行：档口“${l.stall}”已停用或已删除`);
      throw new AppError(ErrorCode.DECLARATION_LINES_INVALID, `${text.join('\n')}\n请修改草稿后再提交`);
    }
    const groups = await groupsOf(t, caller.orgId, d, lines);
    const nos = await nextOrderNos(t, groups.length);
    const memberFee = await memberServiceFee(t, caller.orgId);
    const orders = groups.map((g, i) => {
      const itemCount = g.lines.reduce((n, l) => n + l.quantity, 0);
      const goodsFen = g.lines.reduce((n, l) => n + l.quantity * l.unitPriceFen, 0);
      const pickup = d.delivery === 'SELF_PICKUP';
      const express = pickup
        ? { code: SELF_PICKUP_EXPRESS, name: '仓库自提', feeFen: 0 }
        : expressFeeFrom(book, d.expressCode ?? '', g.receiver.province, itemCount);
      const { feeFen: serviceFeeFen, offFen: memberFeeOffFen } = memberFee(itemCount * book.settings.serviceFeePerItemFen, itemCount);
      const order: NewOrder = {
        orderNo: nos[i] as string,
        source: 'DECLARATION',
        receiverName: g.receiver.name,
        receiverPhone: g.receiver.phone,
        receiverProvince: g.receiver.province,
        receiverCity: g.receiver.city,
        receiverDistrict: g.receiver.district,
        receiverAddress: g.receiver.address,
        expressCode: express.code,
        expressName: express.name,
        expressFeeFen: express.feeFen,
        serviceFeeFen,
        memberFeeOffFen,
        goodsFen,
        discountFen: 0,
        totalFen: goodsFen + express.feeFen + serviceFeeFen,
        itemCount,
        remark: [`报单 ${d.declarationNo}`, d.remark].filter(Boolean).join('；'),
        createdBy: caller.userId,
      };
      return { order, lines: g.lines };
    });
    const ids = await insertOrders(
      t,
      caller.orgId,
      orders.map((o) => o.order),
    );
    const idOf = (no: string) => ids.get(no) as number;
    await insertItems(
      t,
      caller.orgId,
      orders.flatMap((o) =>
        o.lines.map((l, n) => ({ ...orderLine(l, n + 1, suppliers.get(l.supplierId ?? 0) as Supplier, d.declarationNo), orderId: idOf(o.order.orderNo) })),
      ),
    );
    const items = await itemsOf(t, caller.orgId, [...ids.values()]);
    const itemId = new Map(items.map((i) => [`${i.orderId}:${i.lineNo}`, i.id]));
    await linkLines(
      t,
      caller.orgId,
      orders.flatMap((o) =>
        o.lines.map((l, n) => ({ id: l.id, orderId: idOf(o.order.orderNo), orderItemId: itemId.get(`${idOf(o.order.orderNo)}:${n + 1}`) as number })),
      ),
    );
    await insertEvents(
      t,
      caller.orgId,
      { userId: caller.userId, orgId: caller.orgId },
      orders.map((o) => ({ orderId: idOf(o.order.orderNo), fromStatus: null, toStatus: 'WAITING_PAYMENT', operation: 'CREATE', note: o.order.remark ?? '' })),
    );
    await bumpCounts(t, caller.orgId, new Map([['WAITING_PAYMENT', orders.length]]));
    if (!(await markSubmitted(t, caller.orgId, id))) throw new AppError(ErrorCode.DECLARATION_NOT_DRAFT);
    const list = orders.map((o) => ({ id: idOf(o.order.orderNo), orderNo: o.order.orderNo, totalFen: o.order.totalFen ?? 0 }));
    return { id, declarationNo: d.declarationNo, orders: list, totalFen: list.reduce((n, o) => n + o.totalFen, 0) };
  });
}
