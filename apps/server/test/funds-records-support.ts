/** Shared by the funds-records test files: calls, the org of a session, and reading an exported workbook. */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../src/modules/auth/auth.table.js';
import type { Session, TestApp } from './helpers.js';
import { call, envelope } from './support.js';

export function callers(t: () => TestApp) {
  const get = async <T = unknown>(url: string, s: Session) => envelope<T>(await call(t().app, { url, session: s }));
  const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}) =>
    envelope<T>(await call(t().app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
  const raw = (url: string, s: Session, payload?: unknown) =>
    call(t().app, {
      method: payload === undefined ? 'GET' : 'POST',
      url,
      session: s,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { get, post, raw };
}

export async function orgOf(t: TestApp, s: Session) {
  const [u] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, s.userId));
  if (!u) throw new Error('no such user');
  return u.orgId;
}

/** The sheets of an xlsx download as arrays of cell texts (row 1 = headers). */
export async function readWorkbook(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; .*filename\*=UTF-8''/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    return { name: ws.name, rows };
  });
}

/** A Chinese 400 envelope whose message matches. */
export function expectBadRequest(res: { errorCode: number; errorMsg: string }, message: RegExp) {
  expect(res.errorCode).toBe(400);
  expect(res.errorMsg).toMatch(message);
  expect(res.errorMsg).toMatch(/[\u4e00-\u9fff]/);
}
