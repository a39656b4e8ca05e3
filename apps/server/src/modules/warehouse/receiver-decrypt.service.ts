/**
 * Decrypting a marketplace order's receiver to ship it by Kuaidi100 (decision 0025): only here,
 * only when the order ships, through the shop's own platform call (scene DROPSHIP_SHIP), one audit
 * row per attempt. The plain receiver goes to the courier call and nowhere else: it is kept in this
 * process's memory for at most ten minutes so that a retried shipment (the courier failed after the
 * decrypt) does not decrypt, and spend the shop's quota, again; it is never written anywhere.
 */
import type { PlainReceiver } from '@dropship/channels';
import type { Db } from '../../db/client.js';
import type { OrderRecord } from '../dropship-orders/index.js';
import { type NewReceiverDecrypt, recordDecrypts } from '../receiver-decrypts/index.js';
import { markExpired, type ShopsDeps } from '../shops/index.js';
import type { ReceiverSource } from './receiver-source.js';
import { REAUTH, shipFailed, shopAccess } from './shop-access.js';
import type { Party } from './waybill-label.js';

export const DECRYPT_KEEP_MS = 10 * 60_000;

/** Plain receivers by order id, each for DECRYPT_KEEP_MS at most; one per app (deps), never persisted. */
export class DecryptedReceivers {
  private readonly kept = new Map<number, { receiver: PlainReceiver; until: number }>();
  constructor(private readonly now: () => number = Date.now) {}
  get(orderId: number): PlainReceiver | undefined {
    this.sweep();
    return this.kept.get(orderId)?.receiver;
  }
  set(orderId: number, receiver: PlainReceiver) {
    this.sweep();
    this.kept.set(orderId, { receiver, until: this.now() + DECRYPT_KEEP_MS });
  }
  /** Forgets the order's receiver (it shipped). */
  drop(orderId: number) {
    this.kept.delete(orderId);
  }
  private sweep() {
    const t = this.now();
    for (const [id, v] of this.kept) if (v.until <= t) this.kept.delete(id);
  }
}

export interface DecryptDeps extends ShopsDeps {
  decrypted: DecryptedReceivers;
}

const partyOf = (r: PlainReceiver): Party => ({
  name: r.name,
  mobile: r.phone,
  printAddr: `${r.province}${r.city}${r.district}${r.town ?? ''}${r.address}`,
});

async function audit(db: Db, o: OrderRecord, src: ReceiverSource, op: { orgId: number; userId: number }, outcome: string, platformCode = '', message = '') {
  const row: NewReceiverDecrypt = {
    sellerOrgId: o.orgId,
    orderId: o.id,
    orderNo: o.orderNo,
    shopId: src.shopId,
    platformOrderId: src.platformOrderId,
    purchaserOrgId: op.orgId,
    userId: op.userId,
    scene: 'DROPSHIP_SHIP',
    outcome,
    platformCode,
    message: message.slice(0, 500),
  };
  await recordDecrypts(db, [row]);
}

/** The order's receiver in clear for the courier call; throws a Chinese "what to do" when the platform will not decrypt it. */
export async function decryptedReceiver(deps: DecryptDeps, op: { orgId: number; userId: number }, o: OrderRecord, src: ReceiverSource): Promise<Party> {
  const kept = deps.decrypted.get(o.id);
  if (kept) return partyOf(kept);
  if (!src.handle) throw shipFailed('平台没有给出该订单的加密收货人，无法解密：请卖家在店铺后台核对订单，或在代发订单里填写收货人');
  const access = await shopAccess(deps, o.orgId, src.shopId);
  if (!access.token) {
    await audit(deps.db, o, src, op, 'TOKEN_EXPIRED', '', REAUTH);
    throw shipFailed(`无法解密收货人：${REAUTH}`);
  }
  const [out] = await access.client.decryptReceivers({
    token: access.token,
    scene: 'DROPSHIP_SHIP',
    items: [{ platformOrderId: src.platformOrderId, handle: src.handle }],
  });
  if (!out) throw new Error('decryptReceivers answered no outcome');
  if (out.ok) {
    await audit(deps.db, o, src, op, 'OK');
    deps.decrypted.set(o.id, out.receiver);
    return partyOf(out.receiver);
  }
  await audit(deps.db, o, src, op, out.kind, out.platformCode, out.message);
  if (out.kind === 'TOKEN_EXPIRED') await markExpired(deps.db, access.shop);
  throw shipFailed(`无法解密收货人：${out.message}`);
}
