/**
 * Which Kuaidi100 the server talks to. With KUAIDI100_KEY set: Kuaidi100 itself (KUAIDI100_CUSTOMER,
 * KUAIDI100_KEY, KUAIDI100_SECRET; KUAIDI100_PARTNERS = JSON {courierCode: {partnerId, partnerKey}}
 * for the e-waybill accounts; KUAIDI100_QUERY_URL / KUAIDI100_LABEL_URL override the addresses).
 * Without it (demo, tests): the emulator of packages/channels, started in this process on first use,
 * whose traces advance every KUAIDI100_EMULATOR_STEP_MS (default 10 minutes). Never in production:
 * an unconfigured courier refuses instead of issuing numbers nobody delivers.
 */
import { randomBytes } from 'node:crypto';
import { type CourierEmulator, createKuaidi100Client, type Kuaidi100Client, type Kuaidi100ClientOptions, startCourierEmulator } from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';

export interface CourierGateway {
  client(): Promise<Kuaidi100Client>;
  /** The in-process emulator once started (demo, tests). */
  emulator(): Promise<CourierEmulator>;
  usesEmulator: boolean;
  close(): Promise<void>;
}

function partnersOf(raw: string | undefined): Kuaidi100ClientOptions['partners'] {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Kuaidi100ClientOptions['partners'];
  } catch {
    throw new Error('KUAIDI100_PARTNERS 不是合法的 JSON，例如 {"ZTO":{"partnerId":"月结账号","partnerKey":"密码"}}');
  }
}

export function createCourierGateway(env: NodeJS.ProcessEnv, log: FastifyBaseLogger): CourierGateway {
  const key = env.KUAIDI100_KEY;
  const production = env.NODE_ENV === 'production';
  let real: Kuaidi100Client | undefined;
  let demo: Promise<{ emu: CourierEmulator; client: Kuaidi100Client }> | undefined;

  function startDemo() {
    demo ??= (async () => {
      const creds = { customer: 'DEMO_CUSTOMER', key: 'DEMO_KEY', secret: randomBytes(12).toString('hex') };
      const step = Number(env.KUAIDI100_EMULATOR_STEP_MS);
      const emu = await startCourierEmulator({ ...creds, stepMs: Number.isFinite(step) && step > 0 ? step : 600_000 });
      log.info({ url: emu.url }, '快递：未配置 KUAIDI100_KEY，已在本进程启动快递100模拟器（面单号与物流轨迹均为模拟）');
      return { emu, client: createKuaidi100Client({ ...creds, queryUrl: emu.queryUrl, labelUrl: emu.labelUrl }) };
    })().catch((e: unknown) => {
      demo = undefined;
      throw e;
    });
    return demo;
  }

  return {
    usesEmulator: !key,
    async client() {
      if (key) {
        real ??= createKuaidi100Client({
          customer: env.KUAIDI100_CUSTOMER ?? '',
          key,
          secret: env.KUAIDI100_SECRET ?? '',
          ...(env.KUAIDI100_QUERY_URL ? { queryUrl: env.KUAIDI100_QUERY_URL } : {}),
          ...(env.KUAIDI100_LABEL_URL ? { labelUrl: env.KUAIDI100_LABEL_URL } : {}),
          partners: partnersOf(env.KUAIDI100_PARTNERS),
        });
        return real;
      }
      if (production) throw new AppError(ErrorCode.WAREHOUSE_WAYBILL_FAILED, '尚未配置快递100（KUAIDI100_KEY），无法获取快递单号，请联系平台管理员');
      return (await startDemo()).client;
    },
    async emulator() {
      if (key) throw new Error('KUAIDI100_KEY is set: no emulator');
      return (await startDemo()).emu;
    },
    async close() {
      const d = demo;
      demo = undefined;
      if (d) await (await d).emu.close();
    },
  };
}
