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
}

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
  };
}
