/**
 * The seller's fulfilment settings: read with their defaults (fulfilmentSettings, for every module
 * that acts on them: the waybill's sender and return phone, auto-intercept, speed delivery), and
 * saved one key at a time after checking that every shop or supplier named is the caller's.
 */
import {
  FULFILMENT_DEFAULTS,
  FULFILMENT_SETTING_SCHEMAS,
  type FulfilmentSettingKey,
  type FulfilmentSettingsValues,
  PLATFORM_FULFILMENT_DEFAULTS,
  type PlatformFulfilmentPrices,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import * as repo from './fulfilment-settings.repository.js';

/**
 * Every setting of the organisation, defaults filled in. A stored value that no longer parses
 * (an older shape) reads as the default rather than breaking the code that acts on it.
 */
export async function fulfilmentSettings(db: Db, orgId: number): Promise<FulfilmentSettingsValues> {
  const out: Record<string, unknown> = { ...FULFILMENT_DEFAULTS };
  for (const r of await repo.settingRows(db, orgId)) {
    const schema = FULFILMENT_SETTING_SCHEMAS[r.key as FulfilmentSettingKey];
    const parsed = schema?.safeParse(r.value);
    if (parsed?.success) out[r.key] = parsed.data;
  }
  return out as FulfilmentSettingsValues;
}

export async function platformFulfilmentPrices(db: Db): Promise<PlatformFulfilmentPrices> {
  const out = { ...PLATFORM_FULFILMENT_DEFAULTS };
  for (const r of await repo.platformPrices(db)) if (r.key in out) out[r.key as keyof PlatformFulfilmentPrices] = r.fen;
  return out;
}

export async function readSetting<K extends FulfilmentSettingKey>(db: Db, orgId: number, key: K) {
  const [all, prices] = await Promise.all([fulfilmentSettings(db, orgId), platformFulfilmentPrices(db)]);
  return { key, value: all[key], prices };
}

/** Saves one setting; a shop or supplier that is not the caller's answers 12001 and nothing is saved. */
export async function saveSetting<K extends FulfilmentSettingKey>(
  db: Db,
  caller: { orgId: number; userId: number },
  key: K,
  value: FulfilmentSettingsValues[K],
) {
  if (key === 'customInfo' || key === 'returnPhone') {
    const ids = (value as FulfilmentSettingsValues['customInfo' | 'returnPhone']).shops.map((s) => s.shopId);
    if ((await repo.ownShopCount(db, caller.orgId, ids)) !== ids.length) throw notFound('店铺');
  }
  if (key === 'distributionMode') {
    const ids = (value as FulfilmentSettingsValues['distributionMode']).suppliers.map((s) => s.supplierId);
    if ((await repo.ownSupplierCount(db, caller.orgId, ids)) !== ids.length) throw notFound('供应商');
  }
  await repo.upsertSetting(db, caller.orgId, key, value, caller.userId);
  return readSetting(db, caller.orgId, key);
}

export async function savePlatformPrices(db: Db, prices: PlatformFulfilmentPrices) {
  await repo.setPlatformPrices(db, prices);
  return platformFulfilmentPrices(db);
}

// ---- What the waybill and the warehouse read --------------------------------------------------

/** Sender printed on the waybill of a shop's order: the shop's own, else the default; null = the warehouse's own. */
export function senderFor(s: FulfilmentSettingsValues, shopId: number | null) {
  const own = shopId === null ? undefined : s.customInfo.shops.find((x) => x.shopId === shopId);
  const pick = own ?? s.customInfo.default;
  return pick.senderName || pick.senderPhone || pick.senderAddress
    ? { senderName: pick.senderName, senderPhone: pick.senderPhone, senderAddress: pick.senderAddress }
    : null;
}

/** Return phone printed for a shop's parcel: the shop's own, else the default; '' = none set. */
export function returnPhoneFor(s: FulfilmentSettingsValues, shopId: number | null) {
  return (shopId === null ? undefined : s.returnPhone.shops.find((x) => x.shopId === shopId)?.phone) ?? s.returnPhone.default;
}

/** How a supplier's goods are supplied: its own setting, else the default. */
export function supplyModeOf(s: FulfilmentSettingsValues, supplierId: number | null) {
  return (supplierId === null ? undefined : s.distributionMode.suppliers.find((x) => x.supplierId === supplierId)?.mode) ?? s.distributionMode.defaultMode;
}
