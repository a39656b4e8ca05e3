/** Configuration from the environment (README "Configuration" lists each variable). */
import path from 'node:path';
import { BrandVariant } from '@dropship/contract';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  captchaDisabled: boolean;
  production: boolean;
  brandHosts: Record<string, BrandVariant>;
  sessionTtlHours: number;
  logLevel: string;
  webDist: string | undefined;
  /** C-Lodop licence and minimum versions handed to the page (GET /api/labels/printService/config). */
  clodop: { companyName: string; license: string; licenseA: string; licenseB: string; minVersion: string; cloudMinVersion: string };
  /** Where the administrator places the C-Lodop installers served under /downloads/ (not shipped: proprietary). */
  clodopInstallerDir: string;
}

/**
 * C-Lodop's version to require by default. The page compares it with CLODOP.CVERSION; an older
 * service gets the "needs an upgrade" message. Override with CLODOP_MIN_VERSION when the
 * installer placed under /downloads/ is newer.
 */
export const DEFAULT_CLODOP_MIN_VERSION = '6.5.6.9';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const captchaDisabled = env.CAPTCHA_DISABLED === '1';
  if (production && captchaDisabled) {
    throw new Error('CAPTCHA_DISABLED=1 只用于自动化测试，生产环境（NODE_ENV=production）不允许关闭验证码。');
  }
  const brandHosts = z.record(z.string(), BrandVariant).parse(env.BRAND_HOSTS ? JSON.parse(env.BRAND_HOSTS) : {});
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO !== '0',
    captchaDisabled,
    production,
    brandHosts,
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 72),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST,
    clodop: {
      companyName: env.CLODOP_COMPANY_NAME ?? '',
      license: env.CLODOP_LICENSE ?? '',
      licenseA: env.CLODOP_LICENSE_A ?? '',
      licenseB: env.CLODOP_LICENSE_B ?? '',
      minVersion: env.CLODOP_MIN_VERSION || DEFAULT_CLODOP_MIN_VERSION,
      cloudMinVersion: env.CLOUD_PRINT_MIN_VERSION || DEFAULT_CLODOP_MIN_VERSION,
    },
    clodopInstallerDir: path.resolve(env.CLODOP_INSTALLER_DIR || path.join(env.DATA_DIR ?? './data', 'downloads')),
  };
}
