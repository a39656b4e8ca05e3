/**
 * Two server processes on one PostgreSQL database behind a round-robin proxy (docs/deployment.md,
 * decision 0044): a sign-in works on both, failed sign-ins are counted across both, a shop sync, an
 * order import and an Alipay payment run across both (the payment's notify lands on the process that
 * did not start it, and the money moves once), recurring jobs run once per due time, and a process
 * SIGKILLed in the middle of a sync leaves its job to the other after the lease.
 *
 * The outside world is one of each, as in production: one marketplace and one Alipay (emulators in
 * this test's process) configured in both servers. PostgreSQL only: PGlite is one process by design
 * (its data directory's lock refuses a second, durability.test.ts).
 */
import { createSign, randomBytes } from 'node:crypto';
import { type AlipayEmulator, type MarketplaceEmulator, processTestKeys, signContent, startAlipayEmulator, startMarketplaceEmulator } from '@dropship/channels';
import { and, count, countDistinct, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createUser } from '../src/modules/auth/accounts.js';
import { loginAttempts, organisations } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/index.js';
import { recharges } from '../src/modules/funds/alipay/payments.table.js';
import { accounts, ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { jobs } from '../src/modules/jobs/jobs.table.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { freePort } from './free-port.js';
import { APP_ID, notifyFields } from './funds-payments-support.js';
import { csv, multipart, PDD_HEADERS, pddRow, sampleOrder } from './order-import-fixtures.js';
import { adminQuery, databaseUrl } from './pg-admin.js';
import { TEST_RECEIVER_KEYS } from './receiver-keys.js';
import { consent } from './shops-support.js';
import {
  type Balancer,
  callJson,
  type HttpSession,
  type ServerProcess,
  startRoundRobinProxy,
  startServerProcess,
  until,
  waitHealthy,
} from './two-processes-support.js';

// Two servers loading their sources at once: seconds on a quiet machine, minutes beside a CI run.
const START_MS = 240_000;
// Short enough that a killed process's job is taken over within the test; long enough that a loaded
// machine's heartbeat (every third of it) is not late.
const LEASE_MS = 6_000;
const IMPORT = '/api/b2/orders/import';
// Each step waits on jobs and polls: more than the default minute on a loaded machine.
const STEP_MS = 120_000;
const DAY_MS = 86_400_000;
const REMIND_SCHEDULE = 'membership.remindExpiring';
// The only channel the servers are given, and one the seeded shops do not use: no other shop's sync
// or token refresh calls the marketplace, so the held call below is this test's sync's.
const CHANNEL = 'WEIDIAN';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('two server processes on one PostgreSQL behind a load balancer (PostgreSQL only: TEST_DATABASE_URL)', () => {
  let dbName: string;
  let database: Database;
  let marketplace: MarketplaceEmulator;
  let alipay: AlipayEmulator;
  let aliPrivateKey: string;
  let proxy: Balancer;
  const servers: ServerProcess[] = [];
  let seller: HttpSession;
  let shopId: number;
  let platformShopId: string;
  let startedAt: Date;

  const db = () => database.db;
  const api = <T = Record<string, unknown>>(method: string, url: string, o: Parameters<typeof callJson>[3] = {}) => callJson<T>(proxy.url, method, url, o);
  const lastPort = () => proxy.served.at(-1)?.port;
  const peerOf = (port: number | undefined) => servers.find((s) => s.port !== port) as ServerProcess;
  const sellerOrg = async () => (await db().select({ id: organisations.id }).from(organisations).where(eq(organisations.name, '杭州小美服饰')))[0]?.id ?? 0;

  beforeAll(async () => {
    const points = inject('startingPoints');
    dbName = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(pgUrl as string, `create database ${dbName} template ${points.seeded}`);
    const url = databaseUrl(pgUrl as string, dbName);
    database = await openDatabase({ databaseUrl: url });
    startedAt = new Date();
    // Tokens far from expiry: the daily token refresh (first run a minute after start) calls nothing.
    marketplace = await startMarketplaceEmulator({ slowMs: 15_000, tokenTtl: { accessMs: 30 * DAY_MS, refreshMs: 60 * DAY_MS } });
    const app = processTestKeys('app');
    const ali = processTestKeys('alipay');
    aliPrivateKey = ali.privateKeyPem;
    alipay = await startAlipayEmulator({
      appId: APP_ID,
      appPublicKeyPem: app.publicKeyPem,
      alipayPrivateKeyPem: ali.privateKeyPem,
      notifyRetryScheduleMs: [300, 1_000],
    });
    const first = await freePort();
    let second = await freePort();
    while (second === first) second = await freePort();
    proxy = await startRoundRobinProxy([first, second]);
    const endpoint = marketplace.endpointFor(CHANNEL);
    const common: Record<string, string> = {
      DATABASE_URL: url,
      DB_POOL_SIZE: '4',
      SEED_DEMO: '0',
      RECEIVER_KEYS: TEST_RECEIVER_KEYS,
      CAPTCHA_DISABLED: '1',
      TRUST_PROXY: '1',
      PUBLIC_URL: proxy.url,
      JOBS_POLL_MS: '250',
      JOBS_LEASE_MS: String(LEASE_MS),
      CHANNEL_EMULATOR: '0',
      [`CHANNEL_${CHANNEL}_GATEWAY`]: endpoint.gatewayUrl,
      [`CHANNEL_${CHANNEL}_OAUTH`]: endpoint.oauthUrl ?? '',
      [`CHANNEL_${CHANNEL}_APP_KEY`]: endpoint.appKey,
      [`CHANNEL_${CHANNEL}_APP_SECRET`]: endpoint.appSecret,
      CHANNEL_RETRY_BASE_MS: '20',
      // The emulator's history reaches 3 days back: the first sync must find all of it.
      SHOP_FIRST_SYNC_DAYS: '4',
      ALIPAY_GATEWAY: alipay.url,
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKeyPem,
      ALIPAY_PUBLIC_KEY: ali.publicKeyPem,
    };
    // Each process names the other as Alipay's notify address, so every notify lands on the process
    // that did not start the payment (behind a real balancer it lands on either).
    const notifyAt = (port: number) => `http://127.0.0.1:${port}/api/pay/alipay/notify`;
    servers.push(startServerProcess(first, { ...common, ALIPAY_NOTIFY_URL: notifyAt(second) }));
    servers.push(startServerProcess(second, { ...common, ALIPAY_NOTIFY_URL: notifyAt(first) }));
    await Promise.all(servers.map((s) => waitHealthy(s, START_MS)));
  }, START_MS + 30_000);

  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await proxy?.close();
    await marketplace?.close();
    await alipay?.close();
    await database?.close();
    if (dbName) await adminQuery(pgUrl as string, `drop database if exists ${dbName} with (force)`);
  });

  it(
    'a sign-in made through one process is honoured by the other',
    async () => {
      const signIn = await api<{ userHash: string; userId: number }>('POST', '/api/auth/login', { body: { username: 'demo_seller', password: DEMO_PASSWORD } });
      expect(signIn.errorCode).toBe(0);
      seller = { token: signIn.data.userHash, userId: signIn.data.userId };
      const ports = new Set<number | undefined>();
      for (let i = 0; i < 2; i++) {
        const me = await api('GET', '/api/b2/user', { session: seller });
        expect(me).toMatchObject({ errorCode: 0, data: { userId: seller.userId, username: 'demo_seller' } });
        ports.add(lastPort());
      }
      expect(ports.size).toBe(2);
    },
    STEP_MS,
  );

  it(
    'failed sign-ins are counted across both: the sixth attempt is refused, as with one process',
    async () => {
      await createUser(db(), { orgId: await sellerOrg(), username: 'two_process_target', password: 'Right@2026', isMain: false });
      const ports = new Set<number | undefined>();
      for (let i = 0; i < 5; i++) {
        const r = await api('POST', '/api/auth/login', { body: { username: 'two_process_target', password: `wrong-${i}` } });
        expect(r.errorCode, `attempt ${i + 1}`).toBe(11001);
        ports.add(lastPort());
      }
      expect(ports.size).toBe(2);
      // The right password too: the account is locked for the window, whichever process answers.
      expect((await api('POST', '/api/auth/login', { body: { username: 'two_process_target', password: 'Right@2026' } })).errorCode).toBe(11003);
      expect(await db().select().from(loginAttempts).where(eq(loginAttempts.username, 'two_process_target'))).toHaveLength(5);
    },
    STEP_MS,
  );

  it(
    'a shop authorized through the balancer is synced by whichever process takes its job',
    async () => {
      const started = await api<{ authorizeUrl: string }>('POST', '/api/b2/shops/authorize', {
        session: seller,
        body: { channel: CHANNEL, shopName: '双进程测试店' },
      });
      expect(started.errorCode).toBe(0);
      const startedOn = lastPort();
      // The platform sends the browser to PUBLIC_URL (the balancer), which hands the callback to the other process.
      const back = await consent(started.data.authorizeUrl);
      expect(back.origin).toBe(proxy.url);
      const landed = await fetch(`${proxy.url}${back.pathname}${back.search}`, { redirect: 'manual' });
      expect(lastPort()).not.toBe(startedOn);
      shopId = Number(new URL(landed.headers.get('location') ?? '', proxy.url).searchParams.get('authorized'));
      expect(shopId).toBeGreaterThan(0);
      platformShopId = (await db().select().from(shops).where(eq(shops.id, shopId)))[0]?.platformShopId ?? '';
      const status = await until(
        'the first sync',
        async () => {
          const s = await api<{ state: string; lastResult: string }>('GET', `/api/b2/shops/${shopId}/sync`, { session: seller });
          return s.data.state === 'IDLE' && s.data.lastResult ? s.data : undefined;
        },
        60_000,
      );
      expect(status.lastResult).toBe('SUCCESS');
      const truth = marketplace.orders(CHANNEL, platformShopId);
      expect(truth.length).toBeGreaterThan(10);
      expect(await shopOrderCount()).toEqual({ n: truth.length, distinct: truth.length });
    },
    STEP_MS,
  );

  it(
    'an order import uploaded to one process and confirmed on the other is imported by the queue',
    async () => {
      const pdd = (await api<{ id: number; channel: string }[]>('GET', `${IMPORT}/shops`, { session: seller })).data.find((s) => s.channel === 'PDD');
      const file = csv(
        PDD_HEADERS,
        [0, 1, 2].map((i) => pddRow(sampleOrder(100 + i, 'PD'))),
      );
      const body = multipart([
        { name: 'file', value: file, filename: '拼多多订单.csv' },
        { name: 'shopId', value: String(pdd?.id) },
      ]);
      const up = await api<{ jobId: number }>('POST', IMPORT, { session: seller, raw: body });
      expect(up.errorCode).toBe(0);
      const parsedOn = lastPort();
      // The file's bytes live in the process that received them: it parses; the others read the progress.
      const preview = await until(
        'the preview',
        async () => {
          const j = await api<{ status: string; validOrders: number }>('GET', `${IMPORT}/${up.data.jobId}`, { session: seller });
          return j.data.status === 'PARSING' ? undefined : j.data;
        },
        30_000,
      );
      expect(preview).toMatchObject({ status: 'PREVIEW', validOrders: 3 });
      if (peerOf(lastPort()).port === parsedOn) await api('GET', `${IMPORT}/${up.data.jobId}`, { session: seller });
      const confirmed = await api('POST', `${IMPORT}/${up.data.jobId}/confirm`, { session: seller });
      expect(confirmed.errorCode).toBe(0);
      expect(lastPort()).not.toBe(parsedOn);
      const done = await until(
        'the import',
        async () => {
          const j = await api<{ status: string }>('GET', `${IMPORT}/${up.data.jobId}`, { session: seller });
          return j.data.status === 'IMPORTING' || j.data.status === 'PREVIEW' ? undefined : j.data;
        },
        30_000,
      );
      expect(done).toMatchObject({ status: 'DONE', imported: 3, failed: 0 });
      const [imported] = await db().select({ n: count() }).from(shopOrders).where(eq(shopOrders.importJobId, up.data.jobId));
      expect(imported?.n).toBe(3);
    },
    STEP_MS,
  );

  it(
    'a payment started on one process, notified to the other, moves the money once',
    async () => {
      const orgId = await sellerOrg();
      const before = await available(orgId);
      const r = await api<{ outTradeNo: string; payUrl: string }>('POST', '/api/b2/funds/recharge', { session: seller, body: { amount: 12_300 } });
      expect(r.errorCode).toBe(0);
      const startedOn = lastPort();
      const notifyUrl = new URL(new URL(r.data.payUrl).searchParams.get('notify_url') ?? '');
      expect(Number(notifyUrl.port)).toBe(peerOf(startedOn).port);
      const location = await payOnCashier(r.data.payUrl);
      const row = await until(
        'the credited recharge',
        async () => {
          const [rc] = await db().select().from(recharges).where(eq(recharges.outTradeNo, r.data.outTradeNo));
          return rc?.status === 'PAID' ? rc : undefined;
        },
        20_000,
      );
      expect(alipay.notifyLog().filter((n) => n.outTradeNo === r.data.outTradeNo && n.accepted).length).toBeGreaterThanOrEqual(1);
      // The buyer's browser comes back through the balancer (which syncs the trade by query), and Alipay
      // sends the same notify again to both processes at once: nothing moves a second time.
      const back = new URL(location);
      expect((await fetch(`${proxy.url}${back.pathname}${back.search}`, { redirect: 'manual' })).status).toBe(302);
      const replay = signAsAlipay(notifyFields(r.data.outTradeNo, '123.00', { trade_no: row.tradeNo ?? '' }));
      const answers = await Promise.all(servers.map((s) => postNotify(s.port, replay)));
      expect(answers).toEqual(['success', 'success']);
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, r.data.outTradeNo));
      expect(entries).toMatchObject([{ transactionType: 'RECHARGE', availableDeltaFen: 12_300 }]);
      expect(await available(orgId)).toBe(before + 12_300);
    },
    STEP_MS,
  );

  it(
    'recurring jobs run once per due time, whichever process finds them due',
    async () => {
      // One schedule made due every second for five seconds: both processes look four times a second.
      const [made] = await queryRows<{ t0: Date }>(
        db(),
        sql`update job_schedules set every_ms = 1000, next_run_at = now() where name = ${REMIND_SCHEDULE} returning now() as t0`,
      );
      expect(made).toBeDefined();
      await new Promise((r) => setTimeout(r, 5_500));
      await db().execute(sql`update job_schedules set every_ms = 21600000, next_run_at = now() + interval '6 hours' where name = ${REMIND_SCHEDULE}`);
      const runs = await db()
        .select({ at: jobs.createdAt })
        .from(jobs)
        .where(and(eq(jobs.singletonKey, `schedule:${REMIND_SCHEDULE}`), gte(jobs.createdAt, new Date(made!.t0))))
        .orderBy(jobs.createdAt);
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.length).toBeLessThanOrEqual(7);
      // Two runs of one due time would be milliseconds apart; consecutive due times are a second apart.
      for (let i = 1; i < runs.length; i++) expect(runs[i]!.at.getTime() - runs[i - 1]!.at.getTime()).toBeGreaterThan(300);
      // Every other schedule, at its own interval since the processes started: never two runs closer than it.
      const others = await queryRows<{ name: string; every_ms: string | number; gap_ms: string | number | null }>(
        db(),
        sql`select s.name, s.every_ms, min(extract(epoch from j.created_at - j.prev) * 1000) as gap_ms
          from job_schedules s
          join (select singleton_key, created_at, lag(created_at) over (partition by singleton_key order by created_at) as prev
                from jobs where singleton_key like 'schedule:%' and created_at >= ${startedAt}) j on j.singleton_key = 'schedule:' || s.name
          where s.name <> ${REMIND_SCHEDULE} and j.prev is not null
          group by s.name, s.every_ms`,
      );
      for (const o of others) expect(Number(o.gap_ms), o.name).toBeGreaterThan(Number(o.every_ms) - 500);
    },
    STEP_MS,
  );

  it(
    'a process killed in the middle of a sync: the other takes its job over after the lease and finishes it once',
    async () => {
      // New orders stamped within the last minute: after the last sync's cursor, as on the platform.
      const added = marketplace.core(CHANNEL).addOrders(platformShopId, 3, 60_000);
      // The sync's next platform call is held for 15 s: the process that takes the job is inside it when killed.
      marketplace.failNext(CHANNEL, 'SLOW', 1);
      // The answer reads the shop's state after the job is queued: a process polling at that moment may
      // already have claimed it (RUNNING), more often on a loaded machine. Either means it was taken.
      const asked = await api<{ state: string }>('POST', '/api/b2/shops/sync', { session: seller, body: { id: shopId } });
      expect(['QUEUED', 'RUNNING']).toContain(asked.data.state);
      const claimed = await until(
        'the sync job to be claimed',
        async () => {
          const [j] = await syncJobs(eq(jobs.status, 'RUNNING'));
          return j;
        },
        20_000,
      );
      const pid = Number(claimed.lockedBy?.split(':')[1]);
      const victim = servers.find((s) => s.proc.pid === pid) as ServerProcess;
      const survivor = peerOf(victim.port);
      await new Promise((r) => setTimeout(r, 500));
      victim.proc.kill('SIGKILL');
      expect((await victim.exited).signal).toBe('SIGKILL');
      const done = await until(
        'the taken-over sync',
        async () => {
          const [j] = await syncJobs(eq(jobs.id, claimed.id));
          return j?.status === 'RUNNING' || j?.status === 'QUEUED' ? undefined : j;
        },
        LEASE_MS + 40_000,
      );
      // The second attempt, on the survivor; the killed process's attempt never completed it.
      expect(done).toMatchObject({ status: 'DONE', attempts: 2 });
      expect(done?.lockedBy).toContain(`:${survivor.proc.pid}:`);
      const status = await api<{ state: string; lastResult: string }>('GET', `/api/b2/shops/${shopId}/sync`, { session: seller });
      expect(status.data).toMatchObject({ state: 'IDLE', lastResult: 'SUCCESS' });
      // Every order the platform lists, once, the new ones it lists among them (it leaves unpaid ones out).
      const truth = marketplace.orders(CHANNEL, platformShopId);
      expect(await shopOrderCount()).toEqual({ n: truth.length, distinct: truth.length });
      const listed = new Set(truth.map((o) => o.platformOrderId));
      const stored = await db().select({ id: shopOrders.platformOrderId }).from(shopOrders).where(eq(shopOrders.shopId, shopId));
      expect(stored.map((o) => o.id)).toEqual(expect.arrayContaining(added.map((o) => o.platformOrderId).filter((id) => listed.has(id))));
      // The balancer leaves the dead process out: the survivor answers every call.
      for (let i = 0; i < 2; i++) expect((await api('GET', '/api/b2/user', { session: seller })).errorCode).toBe(0);
      expect(lastPort()).toBe(survivor.port);
    },
    STEP_MS,
  );

  // ---- helpers ----------------------------------------------------------------------------

  async function shopOrderCount() {
    const [r] = await db()
      .select({ n: count(), distinct: countDistinct(shopOrders.platformOrderId) })
      .from(shopOrders)
      .where(and(eq(shopOrders.shopId, shopId), isNotNull(shopOrders.platformOrderId)));
    return { n: Number(r?.n), distinct: Number(r?.distinct) };
  }

  /** This test's shop's sync jobs that also match `which`. */
  function syncJobs(which: SQL) {
    return db()
      .select({ id: jobs.id, status: jobs.status, attempts: jobs.attempts, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.kind, 'shops.sync'), sql`${jobs.payload}->>'shopId' = ${String(shopId)}`, which));
  }

  async function available(orgId: number) {
    const [a] = await db().select({ fen: accounts.availableFen }).from(accounts).where(eq(accounts.orgId, orgId));
    return a?.fen ?? 0;
  }

  /** Opens the cashier page and presses 支付, as the buyer does; answers where the cashier sends the browser back. */
  async function payOnCashier(payUrl: string) {
    const html = await (await fetch(payUrl)).text();
    const outTradeNo = /name="out_trade_no" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const paid = await fetch(new URL('/cashier/pay', payUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ out_trade_no: outTradeNo }).toString(),
      redirect: 'manual',
    });
    return paid.headers.get('location') ?? '';
  }

  function signAsAlipay(params: Record<string, string>) {
    const sign = createSign('RSA-SHA256')
      .update(signContent(params, ['sign', 'sign_type']), 'utf8')
      .sign(aliPrivateKey, 'base64');
    return { ...params, sign_type: 'RSA2', sign };
  }

  async function postNotify(port: number, fields: Record<string, string>) {
    const res = await fetch(`http://127.0.0.1:${port}/api/pay/alipay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    });
    return (await res.text()).trim();
  }
});
