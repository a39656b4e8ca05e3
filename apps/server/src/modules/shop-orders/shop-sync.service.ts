/**
 * One shop's order sync (the `shops.sync` job). From the cursor minus the overlap (a first sync:
 * the last few days) to now, in windows no longer than the channel allows: each window's orders go
 * through upsertShopOrders in batches, then its refunds, and only then does the cursor move to the
 * window's end, so a failure repeats at most one window and nothing is skipped. Progress is kept
 * on the shop row for the page to poll. It lives with the shop orders it writes (shops, below them,
 * hold the clients, tokens and the row); after each batch and each refund page it emits
 * refundsSynced (hooks.ts), on which dropship-orders runs auto-intercept.
 */
import { ChannelError, type MarketplaceClient, type NormalizedOrder } from '@dropship/channels';
import { inTransaction } from '../../db/transaction.js';
import { PermanentJobError } from '../jobs/index.js';
import {
  clientOfShop,
  displayAuthState,
  EXPIRED_MESSAGE,
  findShop,
  markExpired,
  type ShopPatch,
  type ShopRecord,
  type ShopsDeps,
  updateShop,
  usableToken,
} from '../shops/index.js';
import { refundsSynced } from './hooks.js';
import { upsertShopOrders } from './shop-orders.service.js';
import { refreshOrderRefundStates, upsertRefunds } from './shop-refunds.repository.js';

/** Orders per upsertShopOrders call: big enough for a fast multi-row insert, small enough for the event loop. */
const BATCH = 500;
/** A shop paused or expired for long catches up at most this far back (platforms keep about 3 months). */
const MAX_CATCH_UP_MS = 30 * 86_400_000;
/** Progress is written at most this often (plus at each window's end). */
const PROGRESS_EVERY_MS = 500;

export interface SyncRun {
  signal?: AbortSignal;
  /** Whether a retryable failure will be retried (attempts left): decides QUEUED or IDLE on failure. */
  willRetry?: boolean;
}

export function windowsOf(from: Date, to: Date, maxMs: number): [Date, Date][] {
  const out: [Date, Date][] = [];
  for (let a = from.getTime(); a < to.getTime(); a += maxMs) out.push([new Date(a), new Date(Math.min(a + maxMs, to.getTime()))]);
  return out;
}

/**
 * Asks for the next page as soon as one is handed out, so the platform's answer travels while the
 * previous page is being written (on a real network most of a page's time is latency).
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let done = false;
  try {
    let next = it.next();
    while (true) {
      const r = await next;
      if (r.done) {
        done = true;
        return;
      }
      next = it.next();
      // Awaited on the next turn; until then a failure must not count as unhandled.
      next.catch(() => undefined);
      yield r.value;
    }
  } finally {
    if (!done) await it.return?.();
  }
}

const chunks = <T>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

/** Runs the sync of one shop; answers quietly when there is nothing to do (paused, removed, expired, OTHER). */
export async function runShopSync(deps: ShopsDeps, orgId: number, shopId: number, run: SyncRun = {}) {
  const { db } = deps;
  const shop = await findShop(db, orgId, shopId);
  if (!shop || shop.channel === 'OTHER') return;
  if (displayAuthState(shop, new Date()) !== 'AUTHORIZED') {
    await updateShop(db, orgId, shopId, { syncState: 'IDLE' });
    return;
  }
  const client = await clientOfShop(deps, shop);
  if (!client) {
    await updateShop(db, orgId, shopId, { syncState: 'IDLE', lastSyncResult: 'FAILED', lastSyncError: '平台接口未配置，请联系管理员' });
    return;
  }

  const to = new Date();
  const cfg = deps.channels.config;
  const start = shop.syncCursor ? shop.syncCursor.getTime() - cfg.overlapMs : to.getTime() - cfg.firstSyncMs;
  const from = new Date(Math.min(Math.max(start, to.getTime() - MAX_CATCH_UP_MS), to.getTime()));
  await updateShop(db, orgId, shopId, { syncState: 'RUNNING', syncProgress: 0, syncSeen: 0, syncWritten: 0, syncStartedAt: to });

  const progress = { seen: 0, written: 0, at: 0 };
  const save = async (patch: ShopPatch = {}, force = false) => {
    if (!force && Date.now() - progress.at < PROGRESS_EVERY_MS) return;
    progress.at = Date.now();
    await updateShop(db, orgId, shopId, { syncSeen: progress.seen, syncWritten: progress.written, ...patch });
  };

  try {
    const token = await usableToken(deps, shop, client);
    if (!token) throw new ChannelError('TOKEN_EXPIRED', 'local', EXPIRED_MESSAGE);
    const span = Math.max(1, to.getTime() - from.getTime());
    const target = { orgId, shopId, channel: shop.channel, source: 'SYNC' as const };
    // The copies written by the window before, by order id (their modified time): see syncWindow.
    let before = new Map<string, number>();
    for (const [a, b] of windowsOf(from, to, client.maxWindowMs)) {
      before = await syncWindow(deps, client, token, target, a, b, { progress, before }, run.signal, save);
      await save({ syncCursor: b, syncProgress: Math.floor(((b.getTime() - from.getTime()) / span) * 100) }, true);
    }
    await save({ syncState: 'IDLE', syncProgress: 100, syncCursor: to, lastSyncedAt: new Date(), lastSyncResult: 'SUCCESS', lastSyncError: null }, true);
  } catch (err) {
    await recordFailure(deps, shop, err, progress, run);
    if (err instanceof ChannelError && err.kind === 'TOKEN_EXPIRED') return;
    if (err instanceof ChannelError && !err.retryable) throw new PermanentJobError(err.message);
    throw err;
  }
}

async function syncWindow(
  deps: ShopsDeps,
  client: MarketplaceClient,
  token: string,
  target: { orgId: number; shopId: number; channel: string; source: 'SYNC' },
  modifiedFrom: Date,
  modifiedTo: Date,
  counts: { progress: { seen: number; written: number }; before: Map<string, number> },
  signal: AbortSignal | undefined,
  save: () => Promise<void>,
): Promise<Map<string, number>> {
  const { progress, before } = counts;
  // A platform's window is inclusive to the second at both ends (Taobao's end_modified), so an order
  // modified in one window's last second comes again at the start of the next: the same copy is not
  // written or counted twice (syncSeen is orders, not copies). Only the window before is kept, so
  // memory follows one window whatever the sync's length.
  const written = new Map<string, number>();
  const isNew = (o: NormalizedOrder) => {
    const at = o.modifiedAt.getTime();
    if (before.get(o.platformOrderId) === at || written.get(o.platformOrderId) === at) return false;
    written.set(o.platformOrderId, at);
    return true;
  };
  let buffer: NormalizedOrder[] = [];
  const flush = async () => {
    for (const batch of chunks(buffer.filter(isNew), BATCH)) {
      const r = await upsertShopOrders(deps.db, target, batch);
      progress.seen += batch.length;
      progress.written += r.inserted + r.updated;
      // Orders arriving with a refund on a line: intercept what was placed for them (the seller's rule).
      await refundsSynced.emit(deps.db, {
        orgId: target.orgId,
        shopId: target.shopId,
        platformOrderIds: batch.filter((o) => o.items.some((i) => i.refundState !== 'NONE')).map((o) => o.platformOrderId),
        jobs: deps.jobs,
      });
    }
    buffer = [];
    await save();
  };
  for await (const page of readAhead(client.listOrders({ token, modifiedFrom, modifiedTo }))) {
    signal?.throwIfAborted();
    buffer.push(...page);
    if (buffer.length >= BATCH) await flush();
  }
  await flush();
  for await (const page of client.listRefunds({ token, modifiedFrom, modifiedTo })) {
    signal?.throwIfAborted();
    await inTransaction(deps.db, async (t) => {
      await upsertRefunds(t, target, page);
      await refreshOrderRefundStates(
        t,
        target,
        page.map((r) => r.platformOrderId),
      );
    });
    await refundsSynced.emit(deps.db, { orgId: target.orgId, shopId: target.shopId, platformOrderIds: page.map((r) => r.platformOrderId), jobs: deps.jobs });
  }
  return written;
}

async function recordFailure(deps: ShopsDeps, shop: ShopRecord, err: unknown, progress: { seen: number; written: number }, run: SyncRun) {
  const counts = { syncSeen: progress.seen, syncWritten: progress.written };
  if (err instanceof ChannelError && err.kind === 'TOKEN_EXPIRED') {
    await markExpired(deps.db, shop);
    await updateShop(deps.db, shop.orgId, shop.id, counts);
    return;
  }
  if (run.signal?.aborted) {
    // The server is stopping: the job goes back to the queue and resumes from the cursor.
    await updateShop(deps.db, shop.orgId, shop.id, { ...counts, syncState: 'QUEUED' });
    return;
  }
  const retry = err instanceof ChannelError ? err.retryable && run.willRetry !== false : run.willRetry !== false;
  const message = err instanceof ChannelError ? `平台接口错误：${err.message}（${err.platformCode}）` : '同步出错（系统异常）';
  await updateShop(
    deps.db,
    shop.orgId,
    shop.id,
    {
      ...counts,
      syncState: retry ? 'QUEUED' : 'IDLE',
      lastSyncResult: 'FAILED',
      lastSyncError: retry ? `${message}，稍后自动重试` : message,
    },
    'syncRunning',
  );
}
