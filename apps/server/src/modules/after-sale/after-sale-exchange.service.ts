/**
 * 换货补发 (decision 0026, "Exchanges' replacement"): once the stall took an exchange's goods back
 * (COMPLETE / FACTORY_RETURNED, no money moved: the stall kept the goods money), the seller places and
 * pays in one step a new dropship order of the same stall line to the buyer. Its goods are covered by
 * that money, so the seller pays express + the service fee only; a picker takes the new piece at the
 * stall and the warehouse ships it by the normal scan. Under the original order's and the after-sale's
 * row locks, in one transaction: the order placed and paid (dropship-orders' placePaidReplacement), the
 * after-sale's replacement recorded with a timeline event, and the original order showing 已换货.
 */
import { ErrorCode, type ExchangeQuoteResult, type ExchangeReshipBody, fenToYuan, type ReceiverFields } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findOrders, itemsOf, type OrderRecord, placePaidReplacement, plainReceiverOf, stockOrderQuotes } from '../dropship-orders/index.js';
import { loadFeeBook } from '../express/index.js';
import { assertPayPassword, balanceOf } from '../funds/index.js';
import * as repo from './after-sale.repository.js';
import { type Actor, lineName, lockBoth, refreshOrderCode } from './after-sale.service.js';
import { canReshipExchange } from './status-machine.js';

type ReshipInput = z.output<typeof ExchangeReshipBody>;

/** The replacement's pay request key: the same key again is the same payment (and answers the same order). */
export const exchangeKey = (requestKey: string) => `after-sale-exchange:${requestKey}`;

/** What the stall took back (the inspection's count), which is what the replacement takes. */
const quantityOf = (a: repo.AfterSaleRecord) => a.receivedQuantity ?? a.quantity;

/** The original order's plain receiver, or null when none is kept here (platform-encrypted, or erased). */
function originalReceiver(o: OrderRecord): ReceiverFields | null {
  if (o.receiverEncrypted || !o.receiverSealed) return null;
  const plain = plainReceiverOf(o);
  return { ...plain, province: o.receiverProvince, city: o.receiverCity, district: o.receiverDistrict ?? '' };
}

function refuse(a: repo.AfterSaleRecord): AppError {
  if (a.replacementOrderNo) {
    return new AppError(ErrorCode.AFTER_SALE_EXCHANGE_ALREADY_RESHIPPED, `售后单 ${a.afterSaleNo} 已补发为代发订单 ${a.replacementOrderNo}，不能再次补发`);
  }
  return new AppError(ErrorCode.AFTER_SALE_EXCHANGE_NOT_RESHIPPABLE);
}

/** The quote of 换货补发: the default receiver and courier, each courier's charges, and the balance. */
export async function quoteExchange(db: Db, caller: Actor, id: number, province?: string): Promise<ExchangeQuoteResult> {
  const a = await repo.findAfterSale(db, caller.orgId, id);
  if (!a) throw notFound('售后单');
  if (!canReshipExchange(a)) throw refuse(a);
  const [o] = await findOrders(db, caller.orgId, [a.orderId]);
  const line = o ? (await itemsOf(db, caller.orgId, [o.id])).find((l) => l.id === a.itemId) : undefined;
  if (!o || !line) throw notFound('售后单');
  const receiver = originalReceiver(o);
  const quantity = quantityOf(a);
  const { available } = await balanceOf(db, caller.orgId);
  return {
    receiver,
    expressCode: o.expressCode ?? '',
    quantity,
    title: line.title,
    artNo: line.artNo,
    color: line.color,
    size: line.size,
    stallName: line.stallName,
    quotes: stockOrderQuotes(await loadFeeBook(db), province ?? o.receiverProvince, quantity),
    availableFen: available,
  };
}

/**
 * 换货补发: places and pays the replacement order (the original stall line, quantity the stall took back,
 * goods covered) to the original receiver unless the seller gives another, by the original courier
 * unless another is chosen. The same request key again answers the first order; a second replacement
 * is refused (18081); another tenant's after-sale answers "not found" before the pay password is asked.
 */
export async function exchangeReship(db: Db, caller: Actor, b: ReshipInput) {
  if (!(await repo.findAfterSale(db, caller.orgId, b.id))) throw notFound('售后单');
  await assertPayPassword(db, caller, b.payPassword);
  const book = await loadFeeBook(db);
  const key = exchangeKey(b.requestKey);
  return inTransaction(db, async (t) => {
    const { a, o, line } = await lockBoth(t, caller.orgId, b.id);
    if (a.replacementOrderId) {
      const [made] = await findOrders(t, caller.orgId, [a.replacementOrderId]);
      if (made?.payRequestKey === key) return { id: a.id, afterSaleNo: a.afterSaleNo, orderId: made.id, orderNo: made.orderNo, totalFen: made.totalFen };
    }
    if (!canReshipExchange(a)) throw refuse(a);
    const receiver = b.receiver ?? originalReceiver(o);
    if (!receiver) throw new AppError(ErrorCode.AFTER_SALE_EXCHANGE_RECEIVER_REQUIRED);
    const order = await placePaidReplacement(t, caller, book, {
      source: 'AFTER_SALE_EXCHANGE',
      receiver,
      expressCode: b.expressCode ?? o.expressCode ?? '',
      lines: [
        {
          title: line.title,
          artNo: line.artNo,
          color: line.color,
          size: line.size,
          quantity: quantityOf(a),
          snapshot: { kind: 'AFTER_SALE_EXCHANGE', afterSaleId: a.id, afterSaleNo: a.afterSaleNo, orderNo: o.orderNo, itemId: line.id },
          stall: {
            supplierId: line.supplierId,
            stallName: line.stallName,
            market: line.market,
            building: line.building,
            floor: line.floor,
            stallNo: line.stallNo,
            marketArea: line.marketArea,
            picUrl: line.picUrl,
            unitCostFen: line.unitCostFen,
          },
        },
      ],
      remark: `换货补发：售后单 ${a.afterSaleNo}（原订单 ${o.orderNo}）`,
      requestKey: key,
    });
    await repo.setReplacement(t, caller.orgId, a.id, order);
    const actor = { userId: caller.userId, orgId: caller.orgId };
    await repo.insertEvents(t, caller.orgId, actor, [
      {
        afterSaleId: a.id,
        fromStatus: a.status,
        toStatus: a.status,
        operation: 'EXCHANGE_RESHIP',
        note: `已补发「${lineName(line)}」${quantityOf(a)}件为代发订单 ${order.orderNo}，支付运费和服务费 ¥${fenToYuan(order.totalFen)}`,
      },
    ]);
    await refreshOrderCode(t, caller.orgId, o.id, actor, `售后单 ${a.afterSaleNo} 已换货补发：${order.orderNo}`);
    return { id: a.id, afterSaleNo: a.afterSaleNo, ...order };
  });
}
