/**
 * 加急发货 when placing (decision 0017): the seller's setting and the operator's price read once per
 * call, which drafts are urgent (asked, else the seller's default), and the refusal of an urgent
 * draft while the service is not enabled. The fee is fixed on the order when placed; paying,
 * cancelling and refunds then work on total_fen as for every other fee.
 */
import { ErrorCode, type SpeedDeliveryTerms } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { fulfilmentSettings, platformFulfilmentPrices } from '../fulfilment-settings/index.js';

/** Terms that make nothing urgent: for callers that never are (declarations, offline pickup). */
export const NO_SPEED: SpeedDeliveryTerms = { enabled: false, defaultOn: false, feeFen: 0 };

export async function speedTerms(db: Db, orgId: number): Promise<SpeedDeliveryTerms> {
  // In turn, not Promise.all: `db` may be a transaction (one client).
  const s = await fulfilmentSettings(db, orgId);
  const p = await platformFulfilmentPrices(db);
  return { enabled: s.speedDelivery.enabled, defaultOn: s.speedDelivery.enabled && s.speedDelivery.defaultOn, feeFen: p.speedDeliveryFeeFen };
}

/** Whether a draft is urgent: what the seller asked, else the default (off unless enabled and 下单默认加急). */
export const wantsSpeed = (terms: SpeedDeliveryTerms, asked: boolean | undefined) => asked ?? terms.defaultOn;

/** The fee an urgent draft charges; 0 when not urgent or not allowed (a refused draft is never priced). */
export const speedFeeOf = (terms: SpeedDeliveryTerms, urgent: boolean) => (urgent && terms.enabled ? terms.feeFen : 0);

/** Why an urgent draft cannot be placed, or null. */
export const speedProblem = (terms: SpeedDeliveryTerms, urgent: boolean) =>
  urgent && !terms.enabled ? '未开通加急发货服务，请先在 基础设置→加急发货 开通，或取消加急' : null;

/** Refuses the whole call (SPEED_DELIVERY_NOT_ENABLED) when any draft asks for speed the seller has not enabled. */
export function assertSpeedAllowed(terms: SpeedDeliveryTerms, asked: (boolean | undefined)[], labelOf: (i: number) => string) {
  if (terms.enabled) return;
  const bad = asked.flatMap((a, i) => (a === true ? [i] : []));
  if (bad.length === 0) return;
  const names = bad.slice(0, 5).map(labelOf).filter(Boolean);
  throw new AppError(
    ErrorCode.SPEED_DELIVERY_NOT_ENABLED,
    `未开通加急发货服务，请先在 基础设置→加急发货 开通，或取消订单的加急发货${names.length ? `（${names.join('、')}${bad.length > 5 ? '…' : ''}）` : ''}`,
  );
}
