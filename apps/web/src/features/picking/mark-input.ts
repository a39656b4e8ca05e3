/**
 * The mark sheet's input rules, pure: the price typed in yuan (SPEC.md section 5: digits, at most
 * two decimals) becomes fen, a part-taken quantity must leave something untaken, an exchange needs
 * its note; and the one-line summary of what a mark or undo did with the money.
 */
import { fenToYuan, type PickItem, type PickMarkBody, type PickOutcome, type PickResult, yuanToFen } from '@dropship/contract';

export interface MarkForm {
  priceYuan: string;
  tookQuantity: number | null;
  note: string;
}

export const initialForm = (item: PickItem): MarkForm => ({
  priceYuan: fenToYuan(item.mark?.priceFen ?? item.unitCostFen),
  tookQuantity: item.quantity > 1 ? item.quantity - 1 : null,
  note: '',
});

/** The request for `result`, or the Chinese reason it cannot be sent yet. */
export function buildMark(item: PickItem, result: PickResult, f: MarkForm): { body: PickMarkBody } | { error: string } {
  const body: PickMarkBody = { takeItemIds: [item.id], result };
  if (result === 'TOOK' || result === 'TOOK_PART') {
    const priceFen = yuanToFen(f.priceYuan);
    if (priceFen === null) return { error: '请输入正确的实际单价，最多两位小数' };
    body.priceFen = priceFen;
  }
  if (result === 'TOOK_PART') {
    const q = f.tookQuantity;
    if (q === null || !Number.isInteger(q) || q < 1 || q >= item.quantity) return { error: `部分拿到的数量应在1到${item.quantity - 1}之间` };
    body.tookQuantity = q;
  }
  if (result === 'E_CHANGE_TAKING') {
    if (!f.note.trim()) return { error: '换货请写明档口换成了什么（如颜色、尺码、货号）' };
  }
  if (f.note.trim()) body.note = f.note.trim();
  return { body };
}

/** "补款 ¥10.00，佣金 ¥1.00" etc.: what the seller and the picker see moved. */
export function moneySummary(o: Pick<PickOutcome, 'refundFen' | 'replenishFen' | 'commissionFen'>): string {
  const parts: string[] = [];
  if (o.refundFen > 0) parts.push(`退卖家货款 ¥${fenToYuan(o.refundFen)}`);
  if (o.refundFen < 0) parts.push(`收回已退货款 ¥${fenToYuan(-o.refundFen)}`);
  if (o.replenishFen > 0) parts.push(`卖家需补款 ¥${fenToYuan(o.replenishFen)}`);
  if (o.replenishFen < 0) parts.push(`撤销补款 ¥${fenToYuan(-o.replenishFen)}`);
  if (o.commissionFen > 0) parts.push(`佣金 ¥${fenToYuan(o.commissionFen)}`);
  return parts.join('，');
}

/** A 12-digit pick-up code inside whatever a scanner or camera produced (prefixes, spaces). */
export function takeCodeIn(text: string): string | null {
  const m = /\d{12}/.exec(text.replace(/\s/g, ''));
  return m ? m[0] : null;
}
