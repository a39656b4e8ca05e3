/**
 * Our numbers for Alipay and the ledger: a two-letter kind, Beijing time to the second, ten random
 * digits (RC20260301083000 4821937465). The kind routes an Alipay notify to its business (one
 * notify URL serves them all); the time makes them readable in Alipay's merchant console.
 */
import { randomInt } from 'node:crypto';

export const TRADE_PREFIX = { recharge: 'RC', replenish: 'RP', withdrawal: 'TX' } as const;
export type TradePrefix = (typeof TRADE_PREFIX)[keyof typeof TRADE_PREFIX];

/** Any business's trade number: funds' own prefixes above, or a module's registered one (DP, MB, PF). */
export function newTradeNo(prefix: TradePrefix | (string & {}), now = new Date()): string {
  const stamp = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(1e5)).padStart(5, '0')}${String(randomInt(1e5)).padStart(5, '0')}`;
}

/** The business id a replenish request's ledger entries carry. */
export const replenishBusinessId = (id: number) => `BK${id}`;
