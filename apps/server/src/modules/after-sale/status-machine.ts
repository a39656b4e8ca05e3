/**
 * The after-sale's state machine, pure (no database): which type a request becomes, which operation
 * is allowed from which status, which actions the page may offer, and which code the dropship order
 * shows while after-sales are open (decision 0026). The service checks these under the order's row
 * lock, so a decision is never taken on a stale status.
 *
 *   apply (seller) ─► COMPLETE                    仅退款: stopped and refunded, or shipped (nothing back)
 *                 └─► GOODS_RETURNING/WAIT_SIGNED 退货退款、换货 ─cancel─► CLOSE
 *   platform refund ─► REFUNDING ─intercept / auto-intercept─► COMPLETE
 *                                └─platformClose (or cancel of the seller's own)─► CLOSE
 */
import type {
  AfterSaleAction,
  AfterSaleKind,
  AfterSaleSource,
  AfterSaleStatusCode,
  AfterSaleTypeCode,
  CombinedStatusCode,
  ReturnStatusCode,
} from '@dropship/contract';

/** Statuses in which the after-sale is still being worked on: its line takes no other after-sale. */
export const OPEN_STATUSES: readonly AfterSaleStatusCode[] = ['REFUNDING', 'GOODS_RETURNING', 'PROBLEM'];
export const isOpen = (s: AfterSaleStatusCode) => OPEN_STATUSES.includes(s);

/** An order has shipped once the warehouse handed it to the courier. */
export const isShipped = (orderStatus: string) => orderStatus === 'DELIVERED' || orderStatus === 'FINISHED';

/** The type a seller's request becomes: refund-only splits on shipping; return and exchange need a shipped order. */
export function typeOfRequest(kind: AfterSaleKind, shipped: boolean): AfterSaleTypeCode {
  if (kind === 'REFUND_ONLY') return shipped ? 'REFUND_DELIVERY' : 'REFUND_UNDELIVERY';
  return kind === 'RETURN_REFUND' ? 'RETURN_GOODS_DELIVERY' : 'EXCHANGE_GOODS';
}

/** The type of a marketplace refund: the buyer sends goods back, or by whether the line shipped. */
export function typeOfPlatformRefund(hasGoodReturn: boolean, shipped: boolean): AfterSaleTypeCode {
  if (hasGoodReturn) return 'RETURN_GOODS_DELIVERY';
  return shipped ? 'REFUND_DELIVERY' : 'REFUND_UNDELIVERY';
}

/** Types whose goods come back through the warehouse (they carry a return status). */
export const hasReturn = (type: AfterSaleTypeCode) => type === 'RETURN_GOODS_DELIVERY' || type === 'EXCHANGE_GOODS';

/**
 * What we owe the seller for `quantity` of a line: its goods money (unit cost × quantity, integer fen,
 * exact), except when the goods stay with the buyer after shipping (nothing comes back from the stall).
 */
export function refundFenOf(type: AfterSaleTypeCode, unitCostFen: number, quantity: number): number {
  return type === 'REFUND_DELIVERY' ? 0 : unitCostFen * quantity;
}

interface State {
  status: AfterSaleStatusCode;
  returnStatus: ReturnStatusCode | null;
  source: AfterSaleSource;
  /** Read by 换货补发's action only (the detail passes them). */
  type?: AfterSaleTypeCode;
  replacementOrderId?: number | null;
}

/** 撤销售后: the seller's own request, while nothing has reached the warehouse. */
export const canCancel = (a: State) =>
  a.source === 'SELLER' && (a.status === 'REFUNDING' || (a.status === 'GOODS_RETURNING' && a.returnStatus === 'WAIT_SIGNED'));

/** 填写退货物流: until the warehouse signs the return in. */
export const canFillWaybill = (a: State) => a.status === 'GOODS_RETURNING' && a.returnStatus === 'WAIT_SIGNED';

/** 拦截退款: a marketplace refund still open on a line that has not shipped. */
export const canIntercept = (a: State, orderStatus: string) => a.source === 'PLATFORM' && a.status === 'REFUNDING' && !isShipped(orderStatus);

/** The platform closed the refund (the buyer withdrew it, or it was refused there): ours closes while nothing reached us. */
export const canPlatformClose = (a: State) => a.status === 'REFUNDING' || (a.status === 'GOODS_RETURNING' && a.returnStatus === 'WAIT_SIGNED');

/** 同意退款 / 拒绝退款: a marketplace refund still waiting for the seller (the platform must take answers: the caller checks). */
export const canAnswer = (a: State) => a.source === 'PLATFORM' && a.status === 'REFUNDING';

export function actionsOf(a: State, orderStatus: string): AfterSaleAction[] {
  const out: AfterSaleAction[] = [];
  if (canCancel(a)) out.push('CANCEL');
  if (canIntercept(a, orderStatus)) out.push('INTERCEPT');
  if (canFillWaybill(a)) out.push('FILL_WAYBILL');
  // A stall refused the return: the seller decides (return-machine.ts).
  if (a.status === 'GOODS_RETURNING' && a.returnStatus === 'FACTORY_REFUSE_TODEAL') out.push('ACCEPT_REFUSE', 'NEGOTIATE_REFUND', 'RETURN_FACTORY_AGAIN');
  if (canReshipExchange(a)) out.push('EXCHANGE_RESHIP');
  return out;
}

/** Which open after-sale the order shows when several are open: a problem first, then money, then returns. */
const PRIORITY: readonly AfterSaleStatusCode[] = ['PROBLEM', 'REFUNDING', 'GOODS_RETURNING'];

/**
 * An exchange whose replacement was placed (换货补发) leaves the order showing 已换货 for good, below any
 * after-sale still open on it: the buyer's goods were exchanged, which the seller wants to see on the order.
 */
export function orderCodeOf(openStatuses: AfterSaleStatusCode[], exchanged = false): CombinedStatusCode | null {
  return PRIORITY.find((s) => openStatuses.includes(s)) ?? (exchanged ? 'TOOK_EXCHANGE' : null);
}

/** 换货补发: an exchange whose goods the stall took back, not yet replaced. */
export const canReshipExchange = (a: State) =>
  a.type === 'EXCHANGE_GOODS' && a.status === 'COMPLETE' && a.returnStatus === 'FACTORY_RETURNED' && !a.replacementOrderId;
