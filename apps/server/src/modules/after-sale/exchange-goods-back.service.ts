/**
 * The goods money of a cancelled 换货补发 (decision 0026, "The replacement's goods money"). The replacement
 * order's goods were paid by the money the stall kept for the exchange's original line, not by the order's
 * payment (its goods_fen is 0), so its own refunds give back at most the fees. When the replacement is
 * cancelled — possible while nothing of it is being taken: before taking, after the picker's 缺货 or after
 * a stop — its goods certainly will not come, and that money goes to the seller: its line's goods value
 * (unit cost × quantity, what the stall took back), one PROXY_RETURN_GOODS entry under the exchange's own
 * return key (`as-return:<id>`, which its settlement left unused), linked to the after-sale. A cancel
 * happens once, and the key moves the money at most once whatever repeats.
 */
import { fenToYuan } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { itemsOf, type OrderStopped } from '../dropship-orders/index.js';
import { moveMoney } from '../funds/index.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './after-sale.repository.js';
import { lockBoth } from './after-sale.service.js';
import { returnRefundKey } from './after-sale-returns.service.js';

/** dropship-orders' orderStopped handler (src/hooks.ts), inside the cancel's transaction. */
export async function goodsBackOnReplacementCanceled(t: Db, f: OrderStopped) {
  if (f.why !== 'CANCELED') return;
  const found = await repo.byReplacementOrder(t, f.sellerOrgId, f.orderId);
  if (found?.type !== 'EXCHANGE_GOODS') return;
  // The exchange's original order first, then the after-sale, as every after-sale writer locks.
  const { a } = await lockBoth(t, f.sellerOrgId, found.id);
  const lines = await itemsOf(t, f.sellerOrgId, [f.orderId]);
  const goodsFen = lines.reduce((n, l) => n + l.unitCostFen * l.quantity, 0);
  if (goodsFen <= 0 || a.refundedFen > 0) return;
  const { entry, replayed } = await moveMoney(t, {
    orgId: a.orgId,
    transactionType: 'PROXY_RETURN_GOODS',
    purpose: 'OTHER',
    availableDeltaFen: goodsFen,
    businessId: a.afterSaleNo,
    requestKey: returnRefundKey(a.id),
    remark: `换货补发订单 ${a.replacementOrderNo} 已取消，退回换货货款¥${fenToYuan(goodsFen)}（售后单 ${a.afterSaleNo}）`,
  });
  if (replayed) return;
  await repo.linkEntry(t, a.id, entry.id);
  await repo.moveAfterSale(t, a.orgId, a.id, a.status, { status: a.status, refundedFen: goodsFen });
  const note = `补发订单 ${a.replacementOrderNo} 已取消，档口留下的换货货款 ¥${fenToYuan(goodsFen)} 退回余额`;
  await repo.insertEvents(t, a.orgId, { userId: null, orgId: a.orgId }, [
    { afterSaleId: a.id, fromStatus: a.status, toStatus: a.status, operation: 'EXCHANGE_GOODS_BACK', note },
  ]);
  await sendMessage(t, { orgId: a.orgId, kind: 'AFTER_SALE', title: '换货货款已退回', content: `售后单 ${a.afterSaleNo}：${note}` });
}
