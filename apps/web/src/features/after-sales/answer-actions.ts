/**
 * 同意退款 / 拒绝退款 on a list row: a platform after-sale still waiting for the seller, on a platform that
 * takes the answer through the API (the detail's `actions` asks the shop's client itself).
 */
import { type AfterSaleAction, type AfterSaleRow, REFUND_ANSWER_CHANNELS } from '@dropship/contract';

export function answerActions(r: Pick<AfterSaleRow, 'status' | 'source' | 'channel'>): AfterSaleAction[] {
  const waiting = r.source === 'PLATFORM' && r.status === 'REFUNDING' && r.channel !== null && REFUND_ANSWER_CHANNELS.includes(r.channel);
  return waiting ? ['AGREE', 'REFUSE'] : [];
}
