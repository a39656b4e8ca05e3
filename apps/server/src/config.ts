/** Configuration from the environment (README "Configuration" lists each variable). */
import path from 'node:path';
import { BrandVariant } from '@dropship/contract';
import { z } from 'zod';
import { backgroundNice } from './lib/thread-priority.js';

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
  /** TRUST_PROXY: how many proxies in front (hops) or which addresses are proxies; never "trust everyone". */
  trustProxy: number | string[] | false;
  /** API_DOCS: /api/docs open to all ('public', development default), signed-in users only ('user', production default), or 'off'. */
  apiDocs: 'public' | 'user' | 'off';
  webDist: string | undefined;
  /** C-Lodop licence and minimum versions handed to the page (GET /api/labels/printService/config). */
  clodop: { companyName: string; license: string; licenseA: string; licenseB: string; minVersion: string; cloudMinVersion: string };
  /** Where the administrator places the C-Lodop installers served under /downloads/ (not shipped: proprietary). */
  clodopInstallerDir: string;
  /** Alipay open platform (README "Configuration"); no gateway = the local emulator in this process, never in production. */
  alipay: {
    appId: string;
    privateKey: string;
    publicKey: string;
    gateway: string | undefined;
    notifyUrl: string | undefined;
    /** Certificate mode (公钥证书): the SNs of our app certificate and of Alipay's root certificate; ALIPAY_PUBLIC_KEY is then Alipay's public-key certificate. */
    appCertSn: string | undefined;
    rootCertSn: string | undefined;
    /** The demo emulator's state file (relation set, settlements): ALIPAY_EMULATOR_STATE_FILE, else <DATA_DIR>/alipay-emulator.json when DATA_DIR is set. */
    emulatorStateFile: string | undefined;
  };
  /** PRINT_COMPONENT_EMULATOR, demo mode only: the platform print-component emulators on their real ports, on free ports, or off. */
  printComponentEmulator: 'ports' | 'free' | 'off';
  /** Aliyun SMS (SendSms); no AccessKey = the local emulator in this process, never in production. */
  sms: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string | undefined };
  /** RECEIVER_KEYS: "id:base64key[,…]", the first seals plain receivers, all open (docs/security.md 收货人数据). */
  receiverKeys: string | undefined;
  /** Without RECEIVER_KEYS (demo, development): where the generated key file lives, DATA_DIR (also under PostgreSQL). */
  receiverKeyDir: string;
  /** RECEIVER_RETAIN_DAYS: a sealed plain receiver is erased this many days after its order finished or was cancelled. */
  receiverRetainDays: number;
  /** HEADLESS_CLAIM_DAYS: how long a headless parcel (无头件) waits in the pool to be claimed before the deadline job discards it. */
  headlessClaimDays: number;
  /** The file store (lib/storage): files under `dir`, or an S3-compatible bucket when STORAGE_S3_* names one. */
  storage: { dir: string; s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } };
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
  // Read by each background thread as it starts (lib/thread-priority.ts); checked here so a bad value
  // stops the start instead of every thread.
  backgroundNice(env);
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
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    apiDocs: z.enum(['public', 'user', 'off']).parse(env.API_DOCS || (production ? 'user' : 'public')),
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
    alipay: alipayConfig(env),
    printComponentEmulator: env.PRINT_COMPONENT_EMULATOR === '0' ? 'off' : env.PRINT_COMPONENT_EMULATOR === 'free' ? 'free' : 'ports',
    sms: {
      accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
      signName: env.SMS_SIGN_NAME || '代发助手',
      templateCode: env.SMS_TEMPLATE_CODE || 'SMS_DEMO_CODE',
      endpoint: env.SMS_ENDPOINT || undefined,
    },
    receiverKeys: env.RECEIVER_KEYS?.trim() || undefined,
    receiverKeyDir: path.resolve(env.DATA_DIR ?? './data'),
    receiverRetainDays: retainDaysOf(env.RECEIVER_RETAIN_DAYS),
    headlessClaimDays: claimDaysOf(env.HEADLESS_CLAIM_DAYS),
    storage: storageConfig(env),
  };
}

/** Files under DATA_DIR/storage (also with DATABASE_URL), or a bucket: endpoint and bucket set need both keys. */
function storageConfig(env: NodeJS.ProcessEnv): Config['storage'] {
  const dir = path.resolve(env.DATA_DIR ?? './data', 'storage');
  const endpoint = env.STORAGE_S3_ENDPOINT?.trim();
  const bucket = env.STORAGE_S3_BUCKET?.trim();
  if (!endpoint && !bucket) return { dir };
  const accessKeyId = env.STORAGE_S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.STORAGE_S3_SECRET_ACCESS_KEY ?? '';
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new Error('使用 S3 存储需同时设置 STORAGE_S3_ENDPOINT、STORAGE_S3_BUCKET、STORAGE_S3_ACCESS_KEY_ID、STORAGE_S3_SECRET_ACCESS_KEY，请补全存储配置。');
  }
  return { dir, s3: { endpoint, bucket, region: env.STORAGE_S3_REGION?.trim() || 'us-east-1', accessKeyId, secretAccessKey } };
}

function retainDaysOf(value: string | undefined): number {
  if (!value?.trim()) return 30;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`RECEIVER_RETAIN_DAYS 应为不小于 0 的整数（天），现为“${value}”。`);
  return n;
}

function claimDaysOf(value: string | undefined): number {
  if (!value?.trim()) return 30;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 365) throw new Error(`HEADLESS_CLAIM_DAYS 应为 1 到 365 的整数（天），现为“${value}”。`);
  return n;
}

/** A real gateway needs the app id and both keys: refuse to start half-configured rather than fail at the first payment. */
function alipayConfig(env: NodeJS.ProcessEnv): Config['alipay'] {
  const a = {
    appId: env.ALIPAY_APP_ID ?? '',
    privateKey: env.ALIPAY_PRIVATE_KEY ?? '',
    publicKey: env.ALIPAY_PUBLIC_KEY ?? '',
    gateway: env.ALIPAY_GATEWAY || undefined,
    notifyUrl: env.ALIPAY_NOTIFY_URL || undefined,
    appCertSn: env.ALIPAY_APP_CERT_SN || undefined,
    rootCertSn: env.ALIPAY_ROOT_CERT_SN || undefined,
    emulatorStateFile:
      env.ALIPAY_EMULATOR_STATE_FILE !== undefined
        ? env.ALIPAY_EMULATOR_STATE_FILE || undefined
        : env.DATA_DIR
          ? path.join(path.resolve(env.DATA_DIR), 'alipay-emulator.json')
          : undefined,
  };
  if (Boolean(a.appCertSn) !== Boolean(a.rootCertSn)) {
    throw new Error('支付宝证书模式需要同时设置 ALIPAY_APP_CERT_SN 和 ALIPAY_ROOT_CERT_SN。');
  }
  if (a.gateway && (!a.appId || !a.privateKey || !a.publicKey)) {
    throw new Error('已设置 ALIPAY_GATEWAY，但 ALIPAY_APP_ID、ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY 未全部设置，请补全支付宝配置。');
  }
  return a;
}

/**
 * TRUST_PROXY is a hop count (`1`: one proxy in front, the address it saw is the client) or a
 * comma-separated list of proxy addresses or CIDR ranges. `true` would believe the left-most
 * X-Forwarded-For, which a client writes itself, so rate limits could be dodged by rotating it.
 */
export function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  const v = value?.trim();
  if (!v || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true 会信任客户端自己填写的 X-Forwarded-For，请改为代理的层数（如 1）或代理的地址列表（如 10.0.0.1,10.0.0.0/8）。');
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(s) && !['loopback', 'linklocal', 'uniquelocal'].includes(s));
  if (bad) throw new Error(`TRUST_PROXY 中的“${bad}”不是地址或网段，请填写代理的层数或地址列表。`);
  return list;
}
