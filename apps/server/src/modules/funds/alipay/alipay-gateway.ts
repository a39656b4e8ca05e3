/**
 * Which Alipay the server talks to. With ALIPAY_GATEWAY set: the real open platform with the
 * configured keys. Without it (the demo, tests): the local emulator of packages/channels, started
 * inside this process on first use with freshly generated keys — never in production, where an
 * unconfigured Alipay refuses to take payments instead (anyone could "pay" on the emulator's cashier).
 */
import {
  ALIPAY_EMULATOR_APP_ID,
  type AlipayClient,
  type AlipayEmulator,
  type AlipayEmulatorOptions,
  createAlipayClient,
  processTestKeys,
  startAlipayEmulator,
} from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';

export const ALIPAY_NOTIFY_PATH = '/api/pay/alipay/notify';
export const ALIPAY_RETURN_PATH = '/api/pay/alipay/return';

export interface AlipayGateway {
  /** For notify checks, trade.query and transfers. Starts the demo emulator on first use. */
  client(): Promise<AlipayClient>;
  /** For pay URLs: the cashier sends the buyer back to `returnUrl`. */
  payClient(returnUrl: string): Promise<AlipayClient>;
  /** The in-process emulator, when the demo runs one. */
  emulator(): AlipayEmulator | undefined;
  close(): Promise<void>;
}

interface Settings {
  appId: string;
  /** Certificate mode (real gateway only). */
  appCertSn?: string;
  alipayRootCertSn?: string;
  privateKeyPem: string;
  alipayPublicKeyPem: string;
  gateway: string;
  notifyUrl: string;
}

export function createAlipayGateway(config: Config, log: FastifyBaseLogger, emulatorOptions: Partial<AlipayEmulatorOptions> = {}): AlipayGateway {
  // Alipay posts notifies to this address; the demo's emulator reaches the server on its own port.
  const notifyUrl = config.alipay.notifyUrl ?? `http://127.0.0.1:${config.port}${ALIPAY_NOTIFY_PATH}`;
  let emu: AlipayEmulator | undefined;
  let settings: Promise<Settings> | undefined;

  async function startDemo(): Promise<Settings> {
    const app = processTestKeys('app');
    const ali = processTestKeys('alipay');
    emu = await startAlipayEmulator({
      appId: ALIPAY_EMULATOR_APP_ID,
      appPublicKeyPem: app.publicKeyPem,
      alipayPrivateKeyPem: ali.privateKeyPem,
      // The relation set and settlements outlive a restart, as on Alipay (the demo's data dir).
      stateFile: config.alipay.emulatorStateFile,
      ...emulatorOptions,
    });
    log.info({ gateway: emu.url }, '支付宝：未配置 ALIPAY_GATEWAY，已在本进程启动本地支付宝模拟器（演示用，不产生真实扣款）');
    return { appId: ALIPAY_EMULATOR_APP_ID, privateKeyPem: app.privateKeyPem, alipayPublicKeyPem: ali.publicKeyPem, gateway: emu.url, notifyUrl };
  }

  function load(): Promise<Settings> {
    if (config.alipay.gateway) {
      const { appId, privateKey, publicKey, gateway, appCertSn, rootCertSn } = config.alipay;
      return Promise.resolve({ appId, privateKeyPem: privateKey, alipayPublicKeyPem: publicKey, gateway, notifyUrl, appCertSn, alipayRootCertSn: rootCertSn });
    }
    if (config.production) return Promise.reject(new AppError(ErrorCode.ALIPAY_NOT_CONFIGURED));
    settings ??= startDemo().catch((e: unknown) => {
      settings = undefined;
      throw e;
    });
    return settings;
  }

  const make = (s: Settings, returnUrl?: string) =>
    createAlipayClient({
      appId: s.appId,
      privateKeyPem: s.privateKeyPem,
      alipayPublicKeyPem: s.alipayPublicKeyPem,
      gateway: s.gateway,
      notifyUrl: s.notifyUrl,
      returnUrl,
      appCertSn: s.appCertSn,
      alipayRootCertSn: s.alipayRootCertSn,
    });
  let shared: AlipayClient | undefined;

  return {
    async client() {
      const s = await load();
      shared ??= make(s);
      return shared;
    },
    async payClient(returnUrl) {
      return make(await load(), returnUrl);
    },
    emulator: () => emu,
    async close() {
      await emu?.close();
    },
  };
}
