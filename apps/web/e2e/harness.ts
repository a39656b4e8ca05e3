/**
 * Browser tests drive Debian's Chromium (playwright-core) against the real server, started in the
 * test's own process (as main.ts starts it: database, app, listen, background jobs) on a fresh copy
 * of the run's seeded data directory. In-process rather than a child: the server's modules then
 * load once per worker (the e2e project does not isolate files), not once per spec (about 6 s of a
 * core each time). Host names under .daifa.test resolve to 127.0.0.1 inside Chromium, so the brand
 * variants are real host names: www.daifa.test is the main variant, second.daifa.test the second.
 */
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { type Serving, serve } from '../../server/src/serve';
import { freePort } from '../../server/test/free-port';

export const DEMO_PASSWORD = 'Demo@2026';

export interface Harness {
  port: number;
  url(variant: 'www' | 'second', p?: string): string;
  api(pathname: string, init?: RequestInit): Promise<{ errorCode: number; errorMsg: string; data: unknown }>;
  browser: Browser;
  /** The server in this process (its app, database and demo print-component emulators on free ports). */
  serving: Serving;
  /** Signs in through the API; the answer's post() signs each call as the page does. */
  apiSession(username: string, portal: 'seller' | 'purchaser'): Promise<ApiSession>;
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

async function apiSession(api: Api, username: string, portal: 'seller' | 'purchaser'): Promise<ApiSession> {
  const r = await api(portal === 'purchaser' ? '/api/b2/purchaser/auth/login' : '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
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

export async function startHarness(): Promise<Harness> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'daifa-e2e-'));
  // A copy of the run's migrated and seeded directory (global-setup.ts): the server finds it migrated
  // and not empty, so it neither replays the migrations nor seeds.
  cpSync(inject('seededDataDir'), dataDir, { recursive: true });
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
  const server = await serve(config);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
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
  const api: Api = async (pathname, init) => {
    const r = await fetch(`${base}${pathname}`, init);
    return r.json();
  };
  return {
    port,
    url: (variant, p = '/') => `http://${variant}.daifa.test:${port}${p}`,
    api,
    apiSession: (username, portal) => apiSession(api, username, portal),
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
      const page = await context.newPage();
      return { context, page };
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A full-page screenshot into E2E_SCREENSHOTS when it is set (for looking at the pages), else nothing. */
export async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Closes what the shell opens on its own after sign-in (tours, the shop expiry dialog), so a test can go on. */
export async function settleOverlays(page: Page) {
  await page.waitForLoadState('networkidle');
  // Tours wait for their targets (polling up to 5 s) and the dialog for its data: settle only
  // after several quiet looks in a row.
  let quiet = 0;
  for (let i = 0; i < 40 && quiet < 4; i++) {
    const tourButton = page.locator('.ant-tour:visible .ant-tour-actions button.ant-btn-primary');
    const shopDialog = page.locator('.ant-modal-wrap:visible .ant-modal', { hasText: '店铺授权到期提醒' });
    if (await tourButton.count()) {
      quiet = 0;
      await tourButton.first().click();
    } else if (await shopDialog.count()) {
      quiet = 0;
      await shopDialog.locator('.ant-modal-footer button').first().click();
      await shopDialog.waitFor({ state: 'hidden' });
    } else {
      quiet++;
      await page.waitForTimeout(400);
    }
  }
}

/** Signs in through the page, as a person would. */
export async function signIn(page: Page, base: string, username: string, portal: 'seller' | 'purchaser') {
  await page.goto(`${base.replace(/\/$/, '')}/login${portal === 'purchaser' ? '?portal=purchaser' : ''}`);
  const pane = page.getByRole('tabpanel');
  await pane.getByLabel('账号').fill(username);
  await pane.getByLabel('密码').fill(DEMO_PASSWORD);
  // The shared demo accounts reset local storage once per browser session and reload (SPEC.md section 6).
  const resets = ['demo_seller', 'demo_purchaser'].includes(username);
  const reloaded = resets ? page.waitForEvent('load') : Promise.resolve();
  await pane.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL('**/home');
  await reloaded;
  // The user menu is in the header at every width (the welcome line is not shown on a phone).
  await page.getByTestId('user-menu').waitFor();
}
