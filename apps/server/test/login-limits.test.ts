/**
 * Sign-in limits that cannot be raced, on an app with the captcha on and TRUST_PROXY=1: each
 * attempt takes its number in one statement, so of 30 concurrent wrong passwords at most 5 are
 * checked; an address that failed 20 times is asked for the captcha, nobody behind it is locked;
 * a client cannot dodge that by rotating X-Forwarded-For.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, trustProxyOf } from '../src/config.js';
import { createUser } from '../src/modules/auth/accounts.js';
import { captchas, loginAttempts, organisations } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { sha256 } from '../src/plugins/auth.js';
import { createTestApp, type TestApp } from './helpers.js';
import { envelope } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_DISABLED: '0', TRUST_PROXY: '1' } });
});
afterAll(() => t?.close());

const SELLER_LOGIN = '/api/auth/login';
const PROXY = '10.9.0.1';

/** A sign-in through our one proxy: it appends the address it saw to whatever the client sent. */
function viaProxy(payload: Record<string, unknown>, client: string, spoofed = `198.51.100.${Math.floor(Math.random() * 250)}`) {
  return t.app.inject({ method: 'POST', url: SELLER_LOGIN, payload, remoteAddress: PROXY, headers: { 'x-forwarded-for': `${spoofed}, ${client}` } });
}

async function knownCaptcha(answer: string) {
  const id = randomUUID();
  await t.database.db.insert(captchas).values({ id, answerHash: sha256(answer.toLowerCase()), expiresAt: new Date(Date.now() + 5 * 60_000) });
  return id;
}

describe('per-account limit', () => {
  it('30 concurrent wrong passwords on one account: at most 5 are checked against the password', async () => {
    const [org] = await t.database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.type, 'seller'));
    await createUser(t.database.db, { orgId: org?.id ?? 0, username: 'race_target', password: 'Right@2026', isMain: false });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => viaProxy({ username: 'race_target', password: `wrong-${i}` }, `203.0.113.${i + 1}`)),
    );
    const codes = answers.map((r) => envelope(r).errorCode);
    // Every attempt that reached the password check is recorded; the rest were refused before it.
    const checked = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.username, 'race_target'));
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 11001).length).toBe(checked.length);
    expect(codes.filter((c) => c === 11003).length).toBe(30 - checked.length);
    // The right password is locked out too, for the window.
    expect(envelope(await viaProxy({ username: 'race_target', password: 'Right@2026' }, '203.0.113.200')).errorCode).toBe(11003);
  });
});

describe('per-address escalation', () => {
  const client = '203.0.113.77';
  it('20 failures from one address ask it for the captcha, rotating X-Forwarded-For does not help, other addresses are not affected', async () => {
    for (let i = 0; i < 20; i++) {
      expect(envelope(await viaProxy({ username: `spray_${i}`, password: 'guess' }, client)).errorCode, `attempt ${i}`).toBe(11001);
    }
    const asked = envelope(await viaProxy({ username: 'demo_seller', password: DEMO_PASSWORD }, client));
    expect(asked.errorCode).toBe(11002);
    expect(asked.errorMsg).toContain('验证码');
    // With the captcha solved the account behind the address signs in: nobody is locked.
    const captchaId = await knownCaptcha('ab3d');
    expect(envelope(await viaProxy({ username: 'demo_seller', password: DEMO_PASSWORD, captchaId, captcha: 'AB3D' }, client)).errorCode).toBe(0);
    expect(envelope(await viaProxy({ username: 'demo_seller', password: DEMO_PASSWORD }, '203.0.113.78')).errorCode).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxies, never true', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.0.0.0/8,loopback')).toEqual(['10.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(() => trustProxyOf('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf('proxy.example.com')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
  });
});
