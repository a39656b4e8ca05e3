/**
 * Which Kuaidi100 the server talks to. With KUAIDI100_KEY set: Kuaidi100 itself (KUAIDI100_CUSTOMER,
 * KUAIDI100_KEY, KUAIDI100_SECRET; KUAIDI100_PARTNERS = JSON {courierCode: {partnerId, partnerKey}}
 * for the e-waybill accounts; KUAIDI100_QUERY_URL / KUAIDI100_LABEL_URL override the addresses).
 * Without it (demo, tests): the emulator of packages/channels, started in this process on first use,
 * whose traces advance every KUAIDI100_EMULATOR_STEP_MS (default 10 minutes). Never in production:
 * an unconfigured courier refuses instead of issuing numbers nobody delivers.
 * Subscription pushes (decision 0035) come to KUAIDI100_CALLBACK_URL (our TRACK_PUSH_PATH as Kuaidi100
 * reaches it) signed with KUAIDI100_SALT; without both no number is subscribed and polling alone keeps
 * the traces. The demo subscribes with a random salt and its emulator pushes every step.
 */
import { randomBytes } from 'node:crypto';
import { type CourierEmulator, createKuaidi100Client, type Kuaidi100Client, type Kuaidi100ClientOptions, startCourierEmulator } from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** Where Kuaidi100 pushes subscribed traces (the route in warehouse.routes.ts). */
export const TRACK_PUSH_PATH = '/api/courier/kuaidi100/push';

export interface CourierGateway {
  /** The subscription's callback and the salt its pushes are signed with; null: not subscribing. */
  push: { callbackUrl: string; salt: string } | null;
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
  let pushTimer: NodeJS.Timeout | undefined;
  const push = key
    ? env.KUAIDI100_CALLBACK_URL && env.KUAIDI100_SALT
      ? { callbackUrl: env.KUAIDI100_CALLBACK_URL, salt: env.KUAIDI100_SALT }
      : null
    : {
        callbackUrl: env.KUAIDI100_CALLBACK_URL ?? `http://127.0.0.1:${env.PORT ?? '8080'}${TRACK_PUSH_PATH}`,
        salt: randomBytes(12).toString('hex'),
      };

  function startDemo() {
    demo ??= (async () => {
      const creds = { customer: 'DEMO_CUSTOMER', key: 'DEMO_KEY', secret: randomBytes(12).toString('hex') };
      const step = Number(env.KUAIDI100_EMULATOR_STEP_MS);
      const emu = await startCourierEmulator({ ...creds, stepMs: Number.isFinite(step) && step > 0 ? step : 600_000 });
      log.info({ url: emu.url }, '快递：未配置 KUAIDI100_KEY，已在本进程启动快递100模拟器（面单号与物流轨迹均为模拟）');
      // Like Kuaidi100, the emulator pushes changed traces on its own; a refused push is tried again next time.
      if (env.NODE_ENV !== 'test' && !env.VITEST) {
        pushTimer = setInterval(() => void emu.pushUpdates().catch(() => undefined), Math.min(Number.isFinite(step) && step > 0 ? step : 600_000, 600_000));
        pushTimer.unref();
      }
      return { emu, client: createKuaidi100Client({ ...creds, queryUrl: emu.queryUrl, labelUrl: emu.labelUrl, subscribeUrl: emu.subscribeUrl }) };
    })().catch((e: unknown) => {
      demo = undefined;
      throw e;
    });
    return demo;
  }

  return {
    push,
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
      clearInterval(pushTimer);
      const d = demo;
      demo = undefined;
      if (d) await (await d).emu.close();
    },
  };
}
