/**
 * The marketplaces' codes and names as the screen shows them. Apart from the Channel enum (enums.ts,
 * zod, built from CHANNELS) so the shell's shop-expiry dialog and the first list page's 平台 filter
 * can name a channel without loading zod (decision 0040).
 */
import type { Channel } from './enums.js';

/** Seller sales channels of SPEC.md section 1. */
export const CHANNELS = ['TAOBAO', 'JD', 'PDD', 'TIKTOK', 'WEIDIAN', 'KUAISHOU', 'REDBOOK', 'OTHER', 'KM', 'WDT'] as const;

export const CHANNEL_NAMES: Record<Channel, string> = {
  TAOBAO: '淘宝/天猫',
  JD: '京东',
  PDD: '拼多多',
  TIKTOK: '抖音小店',
  WEIDIAN: '微店',
  KUAISHOU: '快手小店',
  REDBOOK: '小红书',
  OTHER: '其他',
  KM: '快麦ERP',
  WDT: '旺店通ERP',
};
