/**
 * Demo mode (CHANNEL_EMULATOR=1): the marketplace emulator lives inside the server and forgets its
 * tokens when the server stops. At every start the server therefore authorizes its emulator-served
 * shops again through the real client path (the emulator's authorizeShop stands in for the seller
 * pressing 授权, then exchangeCode), so the demo shops, and shops added in the demo, sync real
 * emulator orders. A shop's seeded history on the emulator ends at the shop's creation and comes from
 * the emulator's seed, so the orders synced before a restart exist on the emulator again after it and
 * their tracking can still be pushed back (ship-back). What the seller sees of the authorization (last auth time, expiry: the seeded
 * expiring and expired shops of the shell's reminder) is kept as it was.
 */
import { randomBytes } from 'node:crypto';
import type { AppCredentials, MarketplaceChannel, ShopToken } from '@dropship/channels';
import { authKindOf, type Channel } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { ensureSetting } from '../auth/index.js';
import { API_CHANNELS } from './channel-config.js';
import { encryptOptional, encryptSecret } from './shop-secrets.js';
import { clientOfShop } from './shop-tokens.service.js';
import * as repo from './shops.repository.js';
import type { ShopsDeps } from './shops.service.js';

type Credentials = Partial<Record<MarketplaceChannel, AppCredentials>>;

/** The emulator's app keys, made once per database: ERP keys typed in the demo keep working after a restart. */
export async function emulatorCredentials(db: Db): Promise<Credentials> {
  const made: Credentials = {};
  for (const c of API_CHANNELS)
    made[c] = { appKey: String(10_000_000 + (randomBytes(3).readUIntBE(0, 3) % 89_999_999)), appSecret: randomBytes(16).toString('hex') };
  return JSON.parse(await ensureSetting(db, 'marketplace_emulator_credentials', JSON.stringify(made))) as Credentials;
}

/**
 * Where each shop's seeded history ends on the emulator: at the shop's creation, by channel and name (the
 * emulator's shops are named). Read when the emulator starts, so a shop the emulator makes at once (each
 * channel's default shop, which the demo's Taobao shop is) gets the same orders as before a restart.
 */
export async function emulatorHistoryEnds(db: Db): Promise<(channel: MarketplaceChannel, shopName: string) => Date | undefined> {
  const ends = new Map<string, Date>();
  for (const s of await repo.authorizedApiShops(db, 1_000)) {
    const key = `${s.channel}\n${s.name}`;
    const known = ends.get(key);
    // Two sellers' shops of one name are one shop on the emulator: the first one made decides.
    if (!known || s.createdAt < known) ends.set(key, s.createdAt);
  }
  return (channel, shopName) => ends.get(`${channel}\n${shopName}`);
}

/** Authorized shops of emulator-served channels get fresh emulator tokens; a shop that fails is logged and left as it is. */
export async function reattachEmulatorShops(deps: ShopsDeps, log: { warn(o: object, m: string): void }) {
  const { db, channels } = deps;
  const emulator = await channels.emulator();
  const rows = await repo.authorizedApiShops(db, 1_000);
  let n = 0;
  for (const shop of rows) {
    const channel = shop.channel as MarketplaceChannel;
    if (!channels.usesEmulator(channel) || !channels.configured(channel)) continue;
    try {
      const client = await clientOfShop(deps, shop);
      if (!client) continue;
      let token: ShopToken;
      if (authKindOf(channel as Channel) === 'oauth') {
        // The shop's history ends where it did when the shop was added: the same orders as before the restart.
        const { code } = emulator.authorizeShop(channel, shop.name, undefined, { historyEnd: shop.createdAt });
        token = await client.exchangeCode({ code, redirectUri: '' });
      } else {
        token = await client.exchangeCode({ code: '', redirectUri: '' });
      }
      await repo.updateShop(db, shop.orgId, shop.id, {
        platformShopId: token.platformShopId,
        accessTokenEnc: await encryptSecret(db, token.accessToken),
        refreshTokenEnc: await encryptOptional(db, token.refreshToken),
        tokenExpiresAt: token.expiresAt,
        refreshExpiresAt: token.refreshExpiresAt ?? null,
        lastAuthTime: shop.lastAuthTime ?? new Date(),
        expireTime: shop.expireTime ?? token.refreshExpiresAt ?? token.expiresAt,
      });
      n++;
    } catch (err) {
      log.warn({ err, shopId: shop.id }, '演示模式：店铺重新连接模拟平台失败');
    }
  }
  return n;
}
