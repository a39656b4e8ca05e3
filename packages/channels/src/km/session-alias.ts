/**
 * ERP keys in the emulator. With KM and WDT the seller types the ERP's keys instead of passing a
 * consent page; the emulator's one-use authorization code (authorizeShop) plays the string the
 * seller copies from the ERP console (KM session, WDT sid). The first call that presents it
 * redeems it, and from then on it stands for that token record, so expiry still works.
 */
import type { ChannelCore, TokenCheck } from '../marketplace/emulator-core.ts';

const aliases = new WeakMap<ChannelCore, Map<string, string>>();
const standing = new WeakMap<ChannelCore, string>();

/**
 * `standingKey` is the key that goes with the emulator's own app credentials (what a seller types
 * when only AppKey / AppSecret are asked for): it stands for the channel's default shop, through one
 * token record so expireTokens still reaches it.
 */
export function checkErpKey(core: ChannelCore, key: string | undefined, standingKey?: string): TokenCheck {
  if (!key) return core.checkToken(undefined);
  if (standingKey && key === standingKey) {
    let token = standing.get(core);
    if (!token) {
      token = core.issueToken(core.ensureShop().platformShopId).accessToken;
      standing.set(core, token);
    }
    return core.checkToken(token);
  }
  let map = aliases.get(core);
  if (!map) {
    map = new Map();
    aliases.set(core, map);
  }
  const direct = core.checkToken(key);
  if (direct.ok || direct.reason === 'expired') return direct;
  const known = map.get(key);
  if (known) return core.checkToken(known);
  const rec = core.redeemCode(key);
  if (typeof rec === 'string') return direct;
  map.set(key, rec.accessToken);
  return core.checkToken(rec.accessToken);
}
