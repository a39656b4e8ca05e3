/**
 * The operator audit log of console changes: a successful console change writes one row (who, the
 * action, the organisation it names, the body without secrets and with phones masked); a refused or
 * failed call and a read write none; a console change that declares no audit action cannot start.
 */
import { desc } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/modules/onboarding/index.js';
import { authPlugin } from '../src/plugins/auth.js';
import { auditSummary, operatorAuditPlugin } from '../src/plugins/operator-audit.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope, rowCount } from './support.js';

let t: TestApp;
let seller: Session;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  operator = await login(t.app, 'demo_operator');
});
afterAll(() => t?.close());

const send = async (url: string, session: Session, payload: object) => envelope(await call(t.app, { method: 'POST', url, session, payload }));
const latest = async () => (await t.database.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0];

describe('operator audit log', () => {
  it('logs a published announcement under its action with the operator as actor', async () => {
    const r = await send('/api/operator/announcements/save', operator, {
      title: '审计测试公告',
      content: `<p>${'长'.repeat(300)}</p>`,
      audience: 'ALL',
      publishAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const row = await latest();
    expect(row).toMatchObject({ action: 'announcement.save', targetOrgId: null });
    expect(row?.actorUserId).toBeGreaterThan(0);
    expect(row?.summary).toMatchObject({ title: '审计测试公告', audience: 'ALL' });
    // Long texts are cut, so the log never holds a whole article.
    expect(String(row?.summary.content).length).toBeLessThanOrEqual(201);
  });

  it('writes nothing for a read, a refused caller or bad input', async () => {
    const before = await rowCount(t.database.db, auditLogs);
    expect((await send('/api/operator/announcements/page', operator, { pageNo: 1, pageSize: 10 })).errorCode).toBe(0);
    expect(
      (await send('/api/operator/announcements/save', seller, { title: 'x', content: 'x', audience: 'ALL', publishAt: new Date().toISOString() })).errorCode,
    ).not.toBe(0);
    expect((await send('/api/operator/announcements/save', operator, { title: '', content: '', audience: 'NOBODY' })).errorCode).not.toBe(0);
    expect((await send('/api/operator/coupons/issue', operator, { amountFen: -1, thresholdFen: 0, validDays: 0, name: '', orgIds: [] })).errorCode).not.toBe(0);
    expect(await rowCount(t.database.db, auditLogs)).toBe(before);
  });

  it('drops secrets, masks phones and keeps the organisation the call names', () => {
    expect(
      auditSummary({
        orgId: 7,
        username: 'boss',
        password: 'Secret123',
        newPassword: 'x',
        token: 't',
        captcha: 'abcd',
        phone: '13800138000',
        nested: { mobile: '13900139000' },
      }),
    ).toEqual({ orgId: 7, username: 'boss', phone: '138****8000', nested: { mobile: '139****9000' } });
  });

  it('refuses to start with a console change that declares no audit action', async () => {
    const app = Fastify();
    await app.register(authPlugin, { db: t.database.db });
    await app.register(operatorAuditPlugin, { db: t.database.db });
    expect(() => app.post('/api/operator/unaudited', { config: { permission: '/operator/version' } }, async () => ({}))).toThrow(/declares no audit action/);
    // The same route declaring its action, or false, is accepted.
    app.post('/api/operator/audited', { config: { permission: '/operator/version', audit: 'version.publish' } }, async () => ({}));
    await app.ready();
    await app.close().catch(() => undefined);
  });
});
