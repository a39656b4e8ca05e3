/**
 * The purchaser sign-in captcha, on an app started WITHOUT CAPTCHA_DISABLED, and the rule that
 * production refuses to turn it off.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { captchas, sessions } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { sha256 } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helpers.js';
import { envelope, rowCount } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_DISABLED: '0' } });
});
afterAll(() => t?.close());

const LOGIN = '/api/b2/purchaser/auth/login';

function purchaserLogin(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo_purchaser', password: DEMO_PASSWORD, ...payload } });
}

/** A captcha row whose answer we know (the server stores only the SHA-256 of the lowercased answer). */
async function knownCaptcha(answer: string, expiresInMs = 5 * 60_000) {
  const id = randomUUID();
  await t.database.db.insert(captchas).values({ id, answerHash: sha256(answer.toLowerCase()), expiresAt: new Date(Date.now() + expiresInMs) });
  return id;
}

describe('captcha enabled', () => {
  it('the config says the captcha is on', () => {
    expect(t.config.captchaDisabled).toBe(false);
  });

  it('GET captcha returns an SVG data URL and stores only a hash of the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/b2/purchaser/auth/captcha' });
    const body = envelope<{ captchaId: string; image: string; disabled: boolean }>(res);
    expect(body.errorCode).toBe(0);
    expect(body.data.disabled).toBe(false);
    expect(body.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(body.data.image.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, body.data.captchaId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.usedAt).toBeNull();
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('login without a captcha → 11002 and no session', async () => {
    const before = await rowCount(t.database.db, sessions);
    const res = envelope(await purchaserLogin({}));
    expect(res).toMatchObject({ errorCode: 11002, data: null });
    expect(res.errorMsg).toContain('验证码');
    const onlyId = envelope(await purchaserLogin({ captchaId: await knownCaptcha('ab3d') }));
    expect(onlyId.errorCode).toBe(11002);
    expect(await rowCount(t.database.db, sessions)).toBe(before);
  });

  it('a wrong answer → 11002 and burns the captcha: the right answer afterwards is refused too', async () => {
    const id = await knownCaptcha('k7pq');
    expect(envelope(await purchaserLogin({ captchaId: id, captcha: 'zzzz' })).errorCode).toBe(11002);
    expect(envelope(await purchaserLogin({ captchaId: id, captcha: 'k7pq' })).errorCode).toBe(11002);
  });

  it('a captcha issued by the server, answered wrongly, cannot be reused', async () => {
    const { data } = envelope<{ captchaId: string }>(await t.app.inject({ method: 'GET', url: '/api/b2/purchaser/auth/captcha' }));
    expect(envelope(await purchaserLogin({ captchaId: data.captchaId, captcha: '!!!!' })).errorCode).toBe(11002);
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, data.captchaId));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it('the right answer (any case, surrounding spaces) signs in, exactly once', async () => {
    const id = await knownCaptcha('h4Xm');
    const res = envelope(await purchaserLogin({ captchaId: id, captcha: ' H4XM ' }));
    expect(res).toMatchObject({ errorCode: 0, data: { userType: 1, username: 'demo_purchaser' } });
    expect(envelope(await purchaserLogin({ captchaId: id, captcha: 'h4xm' })).errorCode).toBe(11002);
  });

  it('an expired captcha is refused even with the right answer', async () => {
    const id = await knownCaptcha('w8rt', -1000);
    expect(envelope(await purchaserLogin({ captchaId: id, captcha: 'w8rt' })).errorCode).toBe(11002);
  });

  it('an unknown captcha id is refused', async () => {
    expect(envelope(await purchaserLogin({ captchaId: randomUUID(), captcha: 'abcd' })).errorCode).toBe(11002);
  });

  it('the site config tells the page the captcha is on', async () => {
    const res = envelope(await t.app.inject({ method: 'GET', url: '/api/system/config' }));
    expect(res).toMatchObject({ errorCode: 0, data: { captchaDisabled: false } });
  });
});

describe('turning the captcha off', () => {
  it('loadConfig refuses CAPTCHA_DISABLED=1 in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_DISABLED: '1' })).toThrow(/CAPTCHA_DISABLED/);
    expect(loadConfig({ NODE_ENV: 'production' }).captchaDisabled).toBe(false);
    expect(loadConfig({ CAPTCHA_DISABLED: '1' }).captchaDisabled).toBe(true);
  });
});
