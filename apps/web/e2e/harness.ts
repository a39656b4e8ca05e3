/**
 * Browser tests drive Debian's Chromium (playwright-core) against the real server, started in the
 * test's own process (as main.ts starts it: database, app, listen, background jobs) on a fresh copy
 * of the run's seeded data: its database in memory from the run's dump, its files in a directory of
 * the spec's own (durability on disk is the server tests' and production-start.spec's). In-process
 * rather than a child: the server's modules then load once per worker (the e2e project does not
 * isolate files), not once per spec (about 6 s of a core each time). Host names under .daifa.test
 * resolve to 127.0.0.1 inside Chromium, so the brand variants are real host names: www.daifa.test
 * is the main variant, second.daifa.test the second. One Chromium serves every spec of a worker
 * (each page still gets a browser context of its own, as fresh as a new browser's): launching it
 * took each spec about a second (at a load of 14).
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STORAGE_KEYS } from '@dropship/contract';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { loadConfig } from '../../server/src/config';
// The app's decorations (app.channels, app.jobs, app.courier, app.routePermissions) are declared in
// the files that register them. The web project reads the server project's declaration files (its
// tsconfig references it, so the server is type-checked once), which bring them in only through these.
import type {} from '../../server/src/modules/jobs/jobs.plugin';
import type {} from '../../server/src/modules/shops/shops.routes';
import type {} from '../../server/src/modules/warehouse/warehouse.routes';
import type {} from '../../server/src/plugins/auth';
import { type Serving, serve } from '../../server/src/serve';
import { freePort } from '../../server/test/free-port';
import { dumpBlob } from '../../server/test/migrated-snapshot';
import { lendSeeded } from '../../server/test/shared-pglite';

export const DEMO_PASSWORD = 'Demo@2026';

export interface Harness {
  port: number;
  url(variant: 'www' | 'second', p?: string): string;
  api(pathname: string, init?: RequestInit): Promise<{ errorCode: number; errorMsg: string; data: unknown }>;
  browser: Browser;
  /** The server in this process (its app, database and demo print-component emulators on free ports). */
  serving: Serving;
  /** Signs in through the API; the answer's post() signs each call as the page does. */
  /** Signs in through the API (the demo password unless given). */
  apiSession(username: string, portal: 'seller' | 'purchaser', password?: string): Promise<ApiSession>;
  newPage(opts?: { viewport?: { width: number; height: number } }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export interface ApiSession {
  userId: number;
  /** A signed POST whose envelope must say success; answers its data. */
  post<T>(path: string, body: unknown): Promise<T>;
  /** The same for a GET. */
  get<T>(path: string): Promise<T>;
}

type Api = Harness['api'];

async function apiSession(api: Api, username: string, portal: 'seller' | 'purchaser', password = DEMO_PASSWORD): Promise<ApiSession> {
  const r = await api(portal === 'purchaser' ? '/api/b2/purchaser/auth/login' : '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (r.errorCode !== 0) throw new Error(`login ${username}: ${r.errorMsg}`);
  const { userId, userHash } = r.data as { userId: number; userHash: string };
  const send = async <T>(p: string, body?: unknown) => {
    const ts = String(Date.now());
    const res = await api(p, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-token': userHash,
        'x-user-id': String(userId),
        'x-timestamp': ts,
        'x-sign': createHash('sha256').update(`${userHash}:${ts}`).digest('hex'),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.errorCode !== 0) throw new Error(`${p}: ${res.errorMsg}`);
    return res.data as T;
  };
  return { userId, post: (p, body) => send(p, body), get: (p) => send(p) };
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * The worker's Chromium, launched on first use and again if it went away (a crash). The e2e project
 * does not isolate files, so this module and its browser outlive each spec; Chromium ends with the
 * worker (playwright talks to it over a pipe, and it exits when the pipe closes).
 */
async function workerBrowser(): Promise<Browser> {
  const current = await sharedBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  sharedBrowser = chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP *.daifa.test 127.0.0.1',
    ],
  });
  return sharedBrowser;
}

export async function startHarness(): Promise<Harness> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-'));
  // The run's seeded directory's files and keys (global-setup.ts) without its database: the server
  // starts that in memory from the run's dump of it, migrated and not empty, so it neither replays
  // the migrations nor seeds. Copying the database's 1,700 files and writing through to them cost
  // each spec about a CPU-second more.
  cpSync(inject('seededDataDir'), dataDir, { recursive: true, filter: (from) => path.basename(from) !== 'pgdata' });
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_DISABLED: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Free ports: specs run side by side; a page that prints platform waybills is pointed at them.
    PRINT_COMPONENT_EMULATOR: 'free',
  });
  // The worker's PGlite of the run's seeded dump, put back to the seed for this spec (shared-pglite.ts):
  // opening the dump per spec cost about 0.6 CPU-s.
  const seeded = inject('seededDump');
  const server = await serve(config, undefined, (await lendSeeded(seeded)) ?? dumpBlob(seeded));
  const base = `http://127.0.0.1:${port}`;
  const browser = await workerBrowser();
  // What this spec opened, closed with it: a failed test leaves its context open.
  const contexts = new Set<BrowserContext>();
  const api: Api = async (pathname, init) => {
    const r = await fetch(`${base}${pathname}`, init);
    return r.json();
  };
  return {
    port,
    url: (variant, p = '/') => `http://${variant}.daifa.test:${port}${p}`,
    api,
    apiSession: (username, portal, password) => apiSession(api, username, portal, password),
    browser,
    serving: server,
    async newPage(opts) {
      const context = await browser.newContext({
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        viewport: opts?.viewport ?? { width: 1366, height: 900 },
        // The page then switches antd's animations off (main.tsx): no frames to render, nothing to wait for.
        reducedMotion: 'reduce',
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      trackRequests(page);
      return { context, page };
    },
    async close() {
      await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TEST_RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results');

/**
 * A screenshot of what is on screen, kept as the run's artifact in test-results/<folder>/<name>.jpg
 * (gitignored): the specs that walk the README's loop keep one per step. JPEG, not PNG: Chromium's
 * PNG encoding of the 80 steps of the menu walks alone took about 8 CPU-seconds of the run, JPEG 3.
 */
export async function keepScreenshot(page: Page, folder: string, name: string) {
  const dir = path.join(TEST_RESULTS, folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.jpg`), type: 'jpeg', quality: 70, fullPage: false });
}

/** A full-page screenshot into E2E_SCREENSHOTS when it is set (for looking at the pages), else nothing. */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * The page's requests in flight (from newPage() on), with when each started: settleOverlays waits
 * until none is, rather than for a fixed time. A request older than STALE_REQUEST_MS (a long poll, a
 * print component that never answers) no longer counts.
 */
const inFlight = new WeakMap<Page, Map<Request, number>>();
const STALE_REQUEST_MS = 3_000;

function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const open = new Map<Request, number>();
  inFlight.set(page, open);
  page.on('request', (r) => open.set(r, Date.now()));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

function networkBusy(page: Page) {
  const now = Date.now();
  for (const started of inFlight.get(page)?.values() ?? []) if (now - started < STALE_REQUEST_MS) return true;
  return false;
}

/**
 * How long the page must stay quiet (no request in flight, no overlay, no tour due) before it counts
 * as settled. What opens an overlay is a response (the shop list, the platform-settings flag) or the
 * closing of the overlay before it, each followed by a render or two: far less than this.
 */
const QUIET_MS = 400;

/**
 * Closes what the shell opens on its own after sign-in (tours, the shop expiry dialog), so a test can
 * go on. It waits on conditions, not fixed sleeps: it returns once no request is in flight, nothing
 * is open, and no tour is still due, for QUIET_MS in a row (at most SETTLE_LIMIT_MS in all).
 */
export async function settleOverlays(page: Page) {
  trackRequests(page);
  const tourButton = page.locator('.ant-tour:visible .ant-tour-actions button.ant-btn-primary');
  const shopDialog = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: SHOP_DIALOG_TITLE });
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let quietSince: number | undefined;
  while (Date.now() < deadline) {
    // One look into the page a turn (not one per overlay): the loop turns every 50 ms on dozens of
    // pages a spec, and each look is a round trip through Chromium.
    const open = networkBusy(page) ? 'busy' : await page.evaluate(overlayOpen, { keys: MENU_TOUR_KEYS, shopTitle: SHOP_DIALOG_TITLE });
    if (open === 'tour') {
      quietSince = undefined;
      await tourButton.first().click();
    } else if (open === 'shop') {
      quietSince = undefined;
      // 关闭, or Escape (the dialog's cancel) when the button cannot be clicked.
      await shopDialog
        .locator('.ant-modal-footer button')
        .first()
        .click({ timeout: SHOP_CLOSE_MS })
        .catch(() => page.keyboard.press('Escape'));
      // Closed by then, or the loop looks again and clicks again (once, in CI at 08:00 Beijing, a
      // click on 关闭 under load left the dialog open for the whole 30 s wait, on both tries).
      const closed = await shopDialog
        .waitFor({ state: 'hidden', timeout: SHOP_CLOSE_MS })
        .then(() => true)
        .catch(() => false);
      if (!closed) console.warn('settleOverlays: 店铺授权到期提醒 still open after 关闭, clicking again');
    } else if (open !== 'none') {
      quietSince = undefined;
      await page.waitForTimeout(50);
    } else {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= QUIET_MS) return;
      await page.waitForTimeout(50);
    }
  }
}

const SHOP_DIALOG_TITLE = '店铺授权到期提醒';
/** How long one click on the shop dialog's 关闭 is given before the loop looks again. */
const SHOP_CLOSE_MS = 5_000;

/**
 * In the page: what still keeps it from being settled. A tour on screen, the shop dialog on screen,
 * or the menu-change tour still to come: a signed-in seller who has not finished it gets it once its
 * targets are in the menu (app/dialogs/Guides.tsx), after the shop dialog and the platform-settings
 * tour; without its targets (a narrow screen, a sub-account) it never shows. "On screen" as
 * Playwright's `:visible`: a box, and not visibility: hidden.
 */
function overlayOpen({ keys, shopTitle }: { keys: typeof MENU_TOUR_KEYS; shopTitle: string }): 'tour' | 'shop' | 'tour due' | 'none' {
  const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const all = (selector: string) => Array.from(document.querySelectorAll(selector));
  if (all('.ant-tour').some((t) => shown(t) && t.querySelector('.ant-tour-actions button.ant-btn-primary'))) return 'tour';
  if (all('.ant-modal-wrap').some((w) => shown(w) && Array.from(w.querySelectorAll('.ant-modal')).some((m) => m.textContent?.includes(shopTitle))))
    return 'shop';
  const seller = localStorage.getItem(keys.userHash) !== null && localStorage.getItem(keys.userType) !== '1';
  const targets = ['[data-menu-group="shopOrder"]', '[data-menu-group="dropship"]'].every((s) => document.querySelector(s));
  return seller && targets && localStorage.getItem(keys.done) === null ? 'tour due' : 'none';
}

const SETTLE_LIMIT_MS = 20_000;

const MENU_TOUR_KEYS = { userHash: STORAGE_KEYS.userHash, userType: STORAGE_KEYS.userType, done: STORAGE_KEYS.guideMenuChange };

/**
 * Signs in as the sign-in page does, without drawing it: the page's sign-in call from the variant's
 * origin, the identity stored where the page stores it (app/session.ts: local storage and two
 * cookies), the shared demo accounts' once-per-session storage reset marked done (a new browser
 * context has nothing in storage to reset), and the page's landing: /home with the history state the
 * page's navigate leaves, which sends a picker on to /picker; or straight on `landing` (a path of
 * the variant), where a spec would have gone next. One page load where the page took two or three
 * (the sign-in page, 工作台, and the demo accounts' reload), and one fewer again with a landing. The
 * sign-in page itself, its tabs, its landing and the demo reset are checked through the page:
 * signInThroughPage (shell.spec.ts).
 */
export async function signIn(page: Page, base: string, username: string, portal: 'seller' | 'purchaser', landing?: string) {
  const origin = new URL(base).origin;
  // A small document of the variant's origin, so the storage below is that origin's. The server's own:
  // one the test answered itself counts as a public address, which Chromium refuses a call to loopback.
  await page.goto(`${origin}/api/health`);
  const failure = await page.evaluate(
    async ({ url, username, password, keys, landing }) => {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
      const body = (await r.json()) as { errorCode: number; errorMsg: string; data: { userId: number; userHash: string; userType: number } };
      if (body.errorCode !== 0) return `${body.errorCode} ${body.errorMsg}`;
      const { userId, userHash, userType } = body.data;
      localStorage.setItem(keys.userId, String(userId));
      localStorage.setItem(keys.userHash, userHash);
      localStorage.setItem(keys.userType, String(userType));
      // biome-ignore lint/suspicious/noDocumentCookie: the page writes these two cookies the same way (session.ts).
      document.cookie = `user_id=${encodeURIComponent(String(userId))}; path=/; SameSite=Lax`;
      // biome-ignore lint/suspicious/noDocumentCookie: as above.
      document.cookie = `user_hash=${encodeURIComponent(userHash)}; path=/; SameSite=Lax`;
      sessionStorage.setItem(keys.demoResetDone, '1');
      // What the page's navigate('/home', { state: { signedIn: true } }) leaves in the history entry
      // (React Router's shape); a landing is an address opened as it is.
      if (landing) history.replaceState(null, '', landing);
      else history.replaceState({ usr: { signedIn: true }, key: 'signin', idx: 0 }, '', '/home');
      return null;
    },
    {
      url: portal === 'purchaser' ? '/api/b2/purchaser/auth/login' : '/api/auth/login',
      username,
      password: DEMO_PASSWORD,
      keys: { userId: STORAGE_KEYS.userId, userHash: STORAGE_KEYS.userHash, userType: STORAGE_KEYS.userType, demoResetDone: DEMO_RESET_DONE_KEY },
      landing,
    },
  );
  if (failure) throw new Error(`sign-in ${username}: ${failure}`);
  // A reload keeps the history entry's state: the app starts on /home as the page's sign-in leaves it.
  await page.reload();
  // A picker starts on its workbench, everyone else on 工作台.
  if (!landing) await page.waitForURL(/\/(home|picker)$/);
  // The user menu is in the header at every width (the welcome line is not shown on a phone).
  await page.getByTestId('user-menu').waitFor();
}

/** The session-storage flag of the demo accounts' reset (app/use-demo-reset.ts). */
const DEMO_RESET_DONE_KEY = 'demo_reset_done';

/** Signs in through the sign-in page, as a person would: the demo accounts' storage reset included. */
export async function signInThroughPage(page: Page, base: string, username: string, portal: 'seller' | 'purchaser') {
  await page.goto(`${base.replace(/\/$/, '')}/login${portal === 'purchaser' ? '?portal=purchaser' : ''}`);
  const pane = page.getByRole('tabpanel');
  await pane.getByLabel('账号').fill(username);
  await pane.getByLabel('密码').fill(DEMO_PASSWORD);
  // The shared demo accounts reset local storage once per browser session and reload (SPEC.md section 6).
  const resets = ['demo_seller', 'demo_purchaser'].includes(username);
  const reloaded = resets ? page.waitForEvent('load') : Promise.resolve();
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  // A picker starts on its workbench, everyone else on 工作台.
  await page.waitForURL(/\/(home|picker)$/);
  await reloaded;
  // The user menu is in the header at every width (the welcome line is not shown on a phone).
  await page.getByTestId('user-menu').waitFor();
}
