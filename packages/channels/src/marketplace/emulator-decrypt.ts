/**
 * The emulator's receiver-decryption desk, shared by every channel's handler: a per-shop daily
 * quota counted in receivers per Beijing day (as the platforms count it), orders it is told to
 * refuse (the "one order of a batch refused" case), and counters of decrypt calls and receivers
 * per shop so tests can prove a retry decrypts once. The failure queue (failNext) applies to
 * decrypt calls as to every gateway call, before they reach here.
 */
import type { NormalizedOrder } from './types.ts';

/** Receivers a shop may decrypt per Beijing day unless set otherwise (⚠ a demo figure: the platforms do not publish theirs). */
export const DEFAULT_DECRYPT_QUOTA = 5000;

export interface DecryptStats {
  /** Decrypt calls that reached the shop (past signature, token and the failure queue). */
  calls: number;
  /** Items those calls carried. */
  items: number;
  /** Receiver fields or receivers actually answered in clear. */
  decrypted: number;
}

/** Why one item is not decrypted. */
export type DecryptDenial = 'NOT_FOUND' | 'REFUSED' | 'BAD_CIPHER';

const beijingDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export class DecryptDesk {
  private readonly quotas = new Map<string, number>();
  private readonly used = new Map<string, { day: string; count: number }>();
  private readonly refused = new Set<string>();
  private readonly counts = new Map<string, DecryptStats>();
  private defaultQuota = DEFAULT_DECRYPT_QUOTA;

  constructor(private readonly now: () => Date) {}

  /** A shop's receivers per Beijing day (undefined shop: every shop without its own). */
  setQuota(perDay: number, platformShopId?: string): void {
    if (platformShopId === undefined) this.defaultQuota = perDay;
    else this.quotas.set(platformShopId, perDay);
  }

  /** What is left today; 0 makes the next decrypt call answer the platform's quota error. */
  setRemaining(platformShopId: string, remaining: number): void {
    const quota = this.quotaOf(platformShopId);
    this.used.set(platformShopId, { day: beijingDay(this.now()), count: Math.max(0, quota - remaining) });
  }

  remaining(platformShopId: string): number {
    return Math.max(0, this.quotaOf(platformShopId) - this.usedToday(platformShopId));
  }

  /** Takes `n` from today's quota, all or nothing: false = the platform refuses the whole call. */
  take(platformShopId: string, n: number): boolean {
    if (this.remaining(platformShopId) < n) return false;
    this.used.set(platformShopId, { day: beijingDay(this.now()), count: this.usedToday(platformShopId) + n });
    return true;
  }

  /** The platform refuses to decrypt these orders (risk control, closed order…) until allow(). */
  refuse(platformOrderIds: string[]): void {
    for (const id of platformOrderIds) this.refused.add(id);
  }

  allow(platformOrderIds?: string[]): void {
    if (!platformOrderIds) this.refused.clear();
    else for (const id of platformOrderIds) this.refused.delete(id);
  }

  isRefused(platformOrderId: string): boolean {
    return this.refused.has(platformOrderId);
  }

  stats(platformShopId: string): DecryptStats {
    return { ...(this.counts.get(platformShopId) ?? { calls: 0, items: 0, decrypted: 0 }) };
  }

  /** Counts one call that reached the shop with `items` items. */
  countCall(platformShopId: string, items: number): void {
    const s = this.counts.get(platformShopId) ?? { calls: 0, items: 0, decrypted: 0 };
    this.counts.set(platformShopId, { ...s, calls: s.calls + 1, items: s.items + items });
  }

  countDecrypted(platformShopId: string, n = 1): void {
    const s = this.counts.get(platformShopId) ?? { calls: 0, items: 0, decrypted: 0 };
    this.counts.set(platformShopId, { ...s, decrypted: s.decrypted + n });
  }

  private quotaOf(platformShopId: string): number {
    return this.quotas.get(platformShopId) ?? this.defaultQuota;
  }

  private usedToday(platformShopId: string): number {
    const u = this.used.get(platformShopId);
    return u && u.day === beijingDay(this.now()) ? u.count : 0;
  }
}

/** Which receiver field a decrypted text is for this order, if any (a ciphertext is bound to its order). */
export function receiverFieldOf(order: NormalizedOrder, plain: string | undefined): 'name' | 'phone' | 'address' | undefined {
  if (plain === undefined) return undefined;
  const r = order.receiver;
  return plain === r.name ? 'name' : plain === r.phone ? 'phone' : plain === r.address ? 'address' : undefined;
}

/** The text an oaid-style handle (Taobao, JD) encrypts: one receiver, bound to its order by the content. */
export const oaidText = (o: NormalizedOrder) => `${o.receiver.name}\n${o.receiver.phone}\n${o.receiver.address}`;
