/**
 * The real server as a child process on a PGlite data directory: committed writes survive
 * SIGKILL, SIGTERM stops cleanly (exit 0, lock removed), a second process on the same directory
 * refuses to start while the first keeps working, and a stale lock after SIGKILL does not block
 * the restart. Always PGlite (DATA_DIR), whatever TEST_DATABASE_URL says.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADERS } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { organisations, sessions } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { feedback, trackingEvents } from '../src/modules/system/system.table.js';
import { expectedSign, sha256 } from '../src/plugins/auth.js';
import { freePort } from './free-port.js';
import { migratedDump } from './helpers.js';
import { rowCount } from './support.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// A first start seeds (the migrations find the unpacked migrated schema): about 30 s on a quiet
// machine with every migration to run, 175 s measured so once beside a whole CI run and two other
// workers on the same 2 cores.
const STEP = 240_000;

interface Server {
  proc: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const running = new Set<ChildProcess>();
let dataDir: string;

async function startServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', CAPTCHA_DISABLED: '1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  delete env.NODE_ENV;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(proc);
  let out = '';
  proc.stdout?.on('data', (d) => (out += d));
  proc.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => {
      running.delete(proc);
      resolve({ code, signal });
    }),
  );
  return { proc, port, exited, output: () => out };
}

async function waitHealthy(s: Server, timeoutMs = 200_000) {
  let done = false;
  s.exited.then(() => (done = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done) throw new Error(`server exited before it was healthy:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not healthy in ${timeoutMs} ms:\n${s.output()}`);
}

async function api(s: Server, method: string, url: string, opts: { body?: unknown; token?: string; userId?: number } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) {
    const ts = String(Date.now());
    Object.assign(headers, {
      [HEADERS.token]: opts.token,
      [HEADERS.userId]: String(opts.userId),
      [HEADERS.timestamp]: ts,
      [HEADERS.sign]: expectedSign(opts.token, ts),
    });
  }
  const res = await fetch(`http://127.0.0.1:${s.port}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return {
    status: res.status,
    body: (await res.json()) as { errorCode: number; errorMsg: string; data: { userHash: string; userId: number } & Record<string, unknown> },
  };
}

async function stop(s: Server, signal: NodeJS.Signals) {
  s.proc.kill(signal);
  return s.exited;
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dropship-durability-'));
});
afterAll(async () => {
  for (const p of running) p.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 200));
  rmSync(dataDir, { recursive: true, force: true });
});

// Always PGlite: the PostgreSQL pass would only repeat the same run (and its cold migrate-and-seed).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the server process on a PGlite data directory', () => {
  let first: Server;
  let token: string;
  let userId: number;
  const marker = `durability-${Date.now()}`;

  it(
    'starts, seeds and accepts writes',
    async () => {
      // The run's migrated schema unpacked into the empty directory (helpers' migratedDump), so the
      // process migrates nothing and seeds; initdb and every migration on an empty directory in a
      // process of their own are prepare.ts's, in npm test's first phase.
      const migrated = await openDatabase({ dataDir, loadDataDir: migratedDump() });
      await migrated.close();
      first = await startServer();
      await waitHealthy(first);
      const health = await api(first, 'GET', '/api/health');
      expect(health.body).toMatchObject({ errorCode: 0, data: { status: 'ok', database: 'pglite' } });

      const loginRes = await api(first, 'POST', '/api/auth/login', { body: { username: 'demo_seller', password: DEMO_PASSWORD } });
      expect(loginRes.body.errorCode).toBe(0);
      token = loginRes.body.data.userHash;
      userId = loginRes.body.data.userId;

      for (let i = 0; i < 3; i++) {
        const r = await api(first, 'POST', '/api/system/tracking', { body: { pageChannel: `/${marker}/${i}`, httpStatus: 200, host: 'localhost' } });
        expect(r.body.errorCode).toBe(0);
      }
      const op = await api(first, 'POST', '/api/auth/login', { body: { username: 'demo_operator', password: DEMO_PASSWORD } });
      const published = await api(first, 'POST', '/api/operator/version', {
        body: { version: '7.7.7', desc: marker },
        token: op.body.data.userHash,
        userId: op.body.data.userId,
      });
      expect(published.body.errorCode).toBe(0);
      expect(readFileSync(path.join(dataDir, '.lock'), 'utf8').trim()).toBe(String(first.proc.pid));
    },
    STEP,
  );

  it(
    'a second process on the same data directory refuses to start; the first keeps working',
    async () => {
      const second = await startServer();
      // If the lock failed, the second process would run (and corrupt the data): give it 30 s, then fail.
      const timeout = new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000).unref());
      const outcome = await Promise.race([second.exited, timeout]);
      if (outcome === 'still running') {
        second.proc.kill('SIGKILL');
        throw new Error(`a second server started on a locked data directory:\n${second.output()}`);
      }
      const { code } = outcome;
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(second.output()).toContain('数据目录');
      expect(second.output()).toContain(String(first.proc.pid));
      const me = await api(first, 'GET', '/api/b2/user', { token, userId });
      expect(me.body).toMatchObject({ errorCode: 0, data: { userId, username: 'demo_seller' } });
      expect(readFileSync(path.join(dataDir, '.lock'), 'utf8').trim()).toBe(String(first.proc.pid));
    },
    STEP,
  );

  it(
    'every write acknowledged before SIGKILL is there after the restart; the stale lock does not block it',
    async () => {
      // The last write is acknowledged and the process killed at once, with no chance to flush.
      const fb = await api(first, 'POST', '/api/feedback', { body: { content: `${marker} 最后一条反馈` }, token, userId });
      expect(fb.body.errorCode).toBe(0);
      const killed = await stop(first, 'SIGKILL');
      expect(killed.signal).toBe('SIGKILL');
      expect(existsSync(path.join(dataDir, '.lock'))).toBe(true);

      const again = await startServer();
      await waitHealthy(again);
      // The session written by the earlier login still signs the seller in.
      const me = await api(again, 'GET', '/api/b2/user', { token, userId });
      expect(me.body).toMatchObject({ errorCode: 0, data: { userId, username: 'demo_seller' } });
      expect(await fetch(`http://127.0.0.1:${again.port}/version.json`).then((r) => r.json())).toEqual({ version: '7.7.7', desc: marker });
      // Writes keep working after recovery.
      const more = await api(again, 'POST', '/api/system/tracking', { body: { pageChannel: `/${marker}/after`, httpStatus: 200, host: 'localhost' } });
      expect(more.body.errorCode).toBe(0);

      const term = await stop(again, 'SIGTERM');
      expect(term).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    },
    STEP,
  );

  it(
    'opening the stopped data directory shows every committed row, and the demo data was not seeded twice',
    async () => {
      const database = await openDatabase({ dataDir });
      try {
        const db = database.db;
        const tracked = (await db.select().from(trackingEvents)).filter((r) => r.pageChannel.startsWith(`/${marker}/`));
        expect(tracked.map((r) => r.pageChannel).sort()).toEqual([`/${marker}/0`, `/${marker}/1`, `/${marker}/2`, `/${marker}/after`]);
        const fbRows = await db
          .select()
          .from(feedback)
          .where(eq(feedback.content, `${marker} 最后一条反馈`));
        expect(fbRows).toHaveLength(1);
        expect(fbRows[0]?.userId).toBe(userId);
        expect(
          await db
            .select()
            .from(sessions)
            .where(eq(sessions.tokenHash, sha256(token))),
        ).toHaveLength(1);
        expect(await rowCount(db, organisations)).toBe(3);
      } finally {
        await database.close();
      }
      expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
    },
    STEP,
  );
});
