/**
 * Where the warehouse takes a marketplace order's waybill, per seller shop it serves
 * (docs/decisions/0025-shipping-marketplace-orders.md): KUAIDI100 (our courier account; an encrypted
 * receiver is decrypted through the platform first) or PLATFORM (the shop's platform e-waybill, taken
 * with the encrypted receiver and printed by the platform's print component).
 */
import { z } from 'zod';
import { id } from './schema-helpers.js';

export const WaybillSourceKind = z.enum(['KUAIDI100', 'PLATFORM']);
export type WaybillSourceKind = z.infer<typeof WaybillSourceKind>;

/** Whose e-waybill a channel's orders take, as the warehouse settings name it: 平台电子面单（菜鸟）. */
export const PLATFORM_WAYBILL_NAMES: Partial<Record<string, string>> = {
  TAOBAO: '菜鸟',
  PDD: '拼多多',
  TIKTOK: '抖音',
  KUAISHOU: '快手',
  REDBOOK: '小红书',
  JD: '京东',
};

export const WAYBILL_SOURCE_NAMES: Record<WaybillSourceKind, string> = { KUAIDI100: '快递100', PLATFORM: '平台电子面单' };

/** One seller shop the warehouse serves and the source its orders ship with. */
export const WaybillSourceRow = z.object({
  shopId: z.number(),
  shopName: z.string(),
  sellerName: z.string(),
  channel: z.string(),
  /** The channel has a platform e-waybill (else only KUAIDI100 applies). */
  platformAvailable: z.boolean(),
  source: WaybillSourceKind,
  /** False: no choice saved, `source` is the default (PLATFORM where the channel has one). */
  saved: z.boolean(),
});
export type WaybillSourceRow = z.infer<typeof WaybillSourceRow>;
export const WaybillSourceList = z.object({ list: z.array(WaybillSourceRow) });
export type WaybillSourceList = z.infer<typeof WaybillSourceList>;

export const WaybillSourceBody = z.object({
  shopId: id('店铺'),
  source: WaybillSourceKind.describe('面单来源'),
});
export type WaybillSourceBody = z.output<typeof WaybillSourceBody>;

/**
 * A platform e-waybill's print data, forwarded unchanged (encrypted) to the platform's print
 * component: the same shape as @dropship/channels' PlatformPrintData.
 */
export const PlatformPrintData = z.object({
  source: z.enum(['CAINIAO', 'PDD', 'TIKTOK', 'KUAISHOU', 'REDBOOK', 'JD']),
  encryptedData: z.string(),
  signature: z.string(),
  templateUrl: z.string(),
  ver: z.string().optional(),
  params: z.string().optional(),
});
export type PlatformPrintData = z.infer<typeof PlatformPrintData>;
