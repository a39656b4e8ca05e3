/**
 * POST /api/b2/shop/redBook/verify (the shell's call): RedBook (小红书) shops must be verified
 * before their orders sync. The answer comes from the platform itself (the RedBook client's
 * verifyShop, a cheap seller-scoped call); a token the platform refuses marks the shop EXPIRED.
 */
import { ErrorCode } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { decryptSecret } from './shop-secrets.js';
import { clientOfShop, markExpired } from './shop-tokens.service.js';
import { displayAuthState } from './shop-view.js';
import { requireShop, type ShopsDeps } from './shops.service.js';

interface ShopVerifier {
  verifyShop(token: string): Promise<{ valid: boolean }>;
}
const canVerify = (c: object): c is ShopVerifier => typeof (c as Partial<ShopVerifier>).verifyShop === 'function';

/**
 * Without a RedBook client (the channel not configured) the answer is the authorization as last
 * stored: authorized and unexpired means verified.
 */
export async function verifyRedBookShop(deps: ShopsDeps, caller: Caller, id: number) {
  const shop = await requireShop(deps.db, caller, id);
  if (shop.channel !== 'REDBOOK') throw new AppError(ErrorCode.STATE_CONFLICT, '该店铺不是小红书店铺，无需校验');
  const now = new Date();
  const answer = (verified: boolean, ifExpire: boolean, expireTime = shop.expireTime) => ({
    id: shop.id,
    verified,
    ifExpire,
    expireTime: expireTime ? expireTime.toISOString() : null,
  });
  const state = displayAuthState(shop, now);
  if (state !== 'AUTHORIZED') return answer(false, state === 'EXPIRED' || !shop.expireTime || shop.expireTime.getTime() <= now.getTime());
  const client = await clientOfShop(deps, shop);
  if (!client || !canVerify(client) || !shop.accessTokenEnc) return answer(true, false);
  const check = await client.verifyShop(await decryptSecret(deps.db, shop.accessTokenEnc));
  if (check.valid) return answer(true, false);
  await markExpired(deps.db, shop);
  return answer(false, true, shop.expireTime && shop.expireTime.getTime() < now.getTime() ? shop.expireTime : now);
}
