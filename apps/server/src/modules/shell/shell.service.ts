/** The shell's rules: which shops to remind about, which menu codes a user has, the guides. */
import { type Channel, leftDays, type PermissionNode, permissionTree, SHOP_AUTH_REMIND_DAYS, type ShopAuthPopupRow } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { permissionCodesOfUser } from '../account-permission/index.js';
import { setShopNotRemind } from '../shops/index.js';
import { guideDone } from '../system/index.js';
import * as repo from './shell.repository.js';

/** "Near the deadline" for the problem-parcel badge: within one day. */
export const PROBLEM_NEAR_DEADLINE_MS = 24 * 3_600_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toPopupRow(shop: { id: number; name: string; type: string; lastAuthTime: Date | null; expireTime: Date | null }, now: Date): ShopAuthPopupRow {
  const expire = shop.expireTime;
  return {
    id: shop.id,
    name: shop.name,
    type: shop.type as Channel,
    lastAuthTime: iso(shop.lastAuthTime),
    expireTime: iso(expire),
    leftDays: expire ? leftDays(expire, now) : 0,
    ifExpire: expire ? expire.getTime() <= now.getTime() : true,
  };
}

export async function shopAuthPopup(db: Db, caller: Caller): Promise<ShopAuthPopupRow[]> {
  if (caller.orgType !== 'seller') return [];
  const now = new Date();
  const rows = await repo.shopsNearExpiry(db, caller.orgId, SHOP_AUTH_REMIND_DAYS);
  return rows.map((r) => toPopupRow(r, now));
}

export async function markNotShopPopup(db: Db, caller: Caller, id: number) {
  if (!(await setShopNotRemind(db, caller.orgId, id))) throw notFound('店铺');
}

/** The menu codes a user may see: a main account has its audience's whole tree, a sub-account its roles' codes. */
export async function permissionsOf(db: Db, caller: Caller): Promise<PermissionNode[]> {
  const tree = permissionTree(caller.orgType);
  if (caller.isMain) return tree;
  const codes = await permissionCodesOfUser(db, caller.userId);
  return tree.map((g) => ({ ...g, children: g.children.filter((c) => codes.has(c.code)) })).filter((g) => g.children.length > 0);
}

/**
 * The platform-settings relocation hint is for sellers' main accounts, who own those settings,
 * until they have seen it once (on any browser).
 */
export async function needPlatformSettingPopup(db: Db, caller: Caller) {
  if (caller.orgType !== 'seller' || !caller.isMain) return false;
  return !(await guideDone(db, caller.userId, 'platformSetting'));
}
