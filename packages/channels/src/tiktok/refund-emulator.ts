/**
 * The Douyin gateway's after-sale answers (see ./refund.ts for the client and its ⚠): afterSale.Detail,
 * and afterSale.operate checking every item (the shop's, the type matching the after-sale, a refusal's
 * reason code, update_time not stale) before moving any: all or nothing, as the platform documents.
 */
import { unixSeconds } from '../marketplace/china-time.ts';
import type { ChannelCore } from '../marketplace/emulator-core.ts';
import type { EmulatorAnswer } from '../marketplace/emulator-types.ts';
import type { Json } from '../marketplace/http.ts';
import type { NormalizedRefund } from '../marketplace/types.ts';
import { answer, badParam, ok } from './emulator-gateway.ts';
import { DOUDIAN_OPERATE, doudianReturnsGoods } from './refund.ts';
import { refundToWire } from './wire.ts';

const notFound = () => answer(50002, '业务处理失败', 'isv.business-failed:aftersale-not-exist', '售后单不存在');
const business = (sub: string, why: string) => answer(50002, '业务处理失败', `isv.business-failed:${sub}`, why);

export function doudianRefundCall(method: string, p: Json, shopId: string, core: ChannelCore): EmulatorAnswer | undefined {
  const wireOf = (r: NormalizedRefund) => refundToWire(core.handler.viewRefund(r, core));
  if (method === 'afterSale.Detail') {
    const r = core.refundOf(shopId, String(p.after_sale_id ?? ''));
    return r ? ok(wireOf(r)) : notFound();
  }
  if (method !== 'afterSale.operate') return undefined;
  const type = Number(p.type);
  const agree = type === DOUDIAN_OPERATE.AGREE_REFUND || type === DOUDIAN_OPERATE.AGREE_RETURN;
  const refuse = type === DOUDIAN_OPERATE.REFUSE_REFUND || type === DOUDIAN_OPERATE.REFUSE_RETURN;
  if (!agree && !refuse) return badParam(`type 不支持：${String(p.type)}`);
  const items = Array.isArray(p.items) ? (p.items as Json[]) : [];
  if (items.length < 1 || items.length > 20) return badParam('items 须为 1-20 条');
  const checked: NormalizedRefund[] = [];
  for (const item of items) {
    const r = core.refundOf(shopId, String(item.aftersale_id ?? ''));
    if (!r) return notFound();
    const wire = wireOf(r).aftersale_info as Json;
    const goods = doudianReturnsGoods(Number(wire.aftersale_type));
    const returnType = type === DOUDIAN_OPERATE.AGREE_RETURN || type === DOUDIAN_OPERATE.REFUSE_RETURN;
    if (goods !== returnType) return business('operate-type-invalid', '操作类型与售后类型不符');
    if (refuse && !item.reject_reason_code) return badParam('拒绝时 reject_reason_code 必填');
    if (item.update_time !== undefined && Number(item.update_time) !== unixSeconds(r.modifiedAt))
      return business('update-time-expired', '售后单已更新，请刷新后重试');
    if (r.platformStatus !== 'WAIT_SELLER_AGREE') return business('aftersale-status-invalid', '售后单当前状态不允许此操作');
    checked.push(r);
  }
  for (const r of checked) core.answerRefund(shopId, r.platformRefundId, agree);
  return ok({ items: checked.map((r) => ({ aftersale_id: r.platformRefundId, status_code: 0, status_msg: 'success' })) });
}
