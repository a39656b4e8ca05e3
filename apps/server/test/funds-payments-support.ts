/**
 * Shared by the funds-payments test files (pay password, recharge, withdraw, replenish, random):
 * a test app wired to real local emulators of Alipay and Aliyun SMS with keys made here, listening
 * on a loopback port so the Alipay emulator's notifies reach it, plus notify signing and shorthands.
 */
import { createSign } from 'node:crypto';
import { type AlipayEmulator, processTestKeys, type SmsEmulator, signContent, startAlipayEmulator, startSmsEmulator } from '@dropship/channels';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { users } from '../src/modules/auth/auth.table.js';
import { balanceOf, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { freePort } from './free-port.js';
import { createTestApp, type Session, type TestApp } from './helpers.js';
import { call, envelope } from './support.js';

export const APP_ID = '2021000000000777';
export const SMS_TEMPLATE = 'SMS_460770001';
export const PAY_PASSWORD = '258013';

export interface FundsTestApp extends TestApp {
  alipay: AlipayEmulator;
  sms: SmsEmulator;
  /** Signs callback params as Alipay does (sign and sign_type left out of the content). */
  signAsAlipay(params: Record<string, string>): Record<string, string>;
  baseUrl: string;
}

export async function startFundsApp(opts: { notifyRetryScheduleMs?: number[]; payees?: Record<string, string> } = {}): Promise<FundsTestApp> {
  const app = processTestKeys('app');
  const ali = processTestKeys('alipay');
  const alipay = await startAlipayEmulator({
    appId: APP_ID,
    appPublicKeyPem: app.publicKeyPem,
    alipayPrivateKeyPem: ali.privateKeyPem,
    notifyRetryScheduleMs: opts.notifyRetryScheduleMs ?? [50, 50, 50],
    payees: opts.payees,
  });
  const sms = await startSmsEmulator({
    accessKeys: { LTAI5tTestKey: 'test-secret' },
    signNames: ['代发助手'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is Aliyun's template placeholder, filled by the SMS service
    templates: { [SMS_TEMPLATE]: '您的验证码为${code}，5分钟内有效，请勿泄露给他人。' },
    limits: { perMinute: 1000, perHour: 1000, perDay: 1000 },
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: {
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privateKeyPem,
      ALIPAY_PUBLIC_KEY: ali.publicKeyPem,
      ALIPAY_GATEWAY: alipay.url,
      ALIPAY_NOTIFY_URL: `${baseUrl}/api/pay/alipay/notify`,
      SMS_ACCESS_KEY_ID: 'LTAI5tTestKey',
      SMS_ACCESS_KEY_SECRET: 'test-secret',
      SMS_ENDPOINT: sms.url,
      SMS_SIGN_NAME: '代发助手',
      SMS_TEMPLATE_CODE: SMS_TEMPLATE,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    alipay,
    sms,
    baseUrl,
    signAsAlipay(params) {
      const sign = createSign('RSA-SHA256')
        .update(signContent(params, ['sign', 'sign_type']), 'utf8')
        .sign(ali.privateKeyPem, 'base64');
      return { ...params, sign_type: 'RSA2', sign };
    },
    async close() {
      await t.close();
      await alipay.close();
      await sms.close();
    },
  };
}

/** A TRADE_SUCCESS notify for one of our numbers, shaped like the emulator's (and Alipay's). */
export function notifyFields(outTradeNo: string, totalAmount: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    notify_time: '2026-03-01 10:00:00',
    notify_type: 'trade_status_sync',
    notify_id: `nid-${outTradeNo}`,
    charset: 'utf-8',
    version: '1.0',
    app_id: APP_ID,
    auth_app_id: APP_ID,
    trade_no: `2026030122001${outTradeNo.slice(-10)}`,
    out_trade_no: outTradeNo,
    total_amount: totalAmount,
    receipt_amount: totalAmount,
    buyer_pay_amount: totalAmount,
    trade_status: 'TRADE_SUCCESS',
    gmt_payment: '2026-03-01 09:59:58',
    subject: '账户余额充值',
    seller_id: '2088101117955611',
    ...extra,
  };
}

/** POSTs a notify form-urlencoded, as Alipay does; answers the plain-text reply. */
export async function postNotify(t: TestApp, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/pay/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    payload: new URLSearchParams(fields).toString(),
  }) as Promise<LightMyRequestResponse>;
}

export function callers(t: () => TestApp) {
  const get = async <T = unknown>(url: string, s?: Session) => envelope<T>(await call(t().app, { url, session: s }));
  const post = async <T = unknown>(url: string, s: Session | undefined, payload: unknown = {}) =>
    envelope<T>(await call(t().app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> }));
  return { get, post };
}

export async function orgOf(db: Db, s: Session) {
  const [u] = await db.select({ orgId: users.orgId }).from(users).where(eq(users.id, s.userId));
  if (!u) throw new Error('no such user');
  return u.orgId;
}

let fundSeq = 0;
/** Test setup money: a direct RECHARGE entry, as a paid recharge would write. */
export async function fund(db: Db, orgId: number, fen: number) {
  await moveMoney(db, { orgId, transactionType: 'RECHARGE', purpose: 'OTHER', availableDeltaFen: fen, requestKey: `test-fund-${Date.now()}-${++fundSeq}` });
}

export const balance = (db: Db, orgId: number) => balanceOf(db, orgId);

/** Everything a money call could change, to prove a refused call changed nothing. */
export async function moneyState(db: Db) {
  const [r] = await queryRows<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from ledger_entries) as entries,
      (select coalesce(sum(available_fen), 0) from accounts) as available,
      (select coalesce(sum(frozen_fen), 0) from accounts) as frozen,
      (select count(*) from recharges) as recharges,
      (select count(*) from recharges where status = 'PAID') as "rechargesPaid",
      (select count(*) from replenish_payments) as "replenishPayments",
      (select count(*) from replenish_requests where status = 'PAID') as "replenishPaid",
      (select count(*) from withdrawals) as withdrawals,
      (select string_agg(status, ',' order by id) from withdrawals) as "withdrawalStatuses",
      (select count(*) from withdraw_accounts) as "withdrawAccounts",
      (select count(*) from pay_passwords) as "payPasswords",
      (select count(*) from sms_codes) as "smsCodes"`,
  );
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]));
}

/** A Chinese 400 whose message matches. */
export function expectBadRequest(res: { errorCode: number; errorMsg: string }, message: RegExp) {
  expect(res.errorCode).toBe(400);
  expect(res.errorMsg).toMatch(message);
  expect(res.errorMsg).toMatch(/[\u4e00-\u9fff]/);
}

/** Sets the pay password through the call a person uses (first set needs the login password). */
export async function setPayPassword(t: TestApp, s: Session, loginPassword: string, payPassword = PAY_PASSWORD) {
  const r = envelope(await call(t.app, { method: 'POST', url: '/api/b2/funds/payPassword/set', session: s, payload: { loginPassword, payPassword } }));
  expect(r.errorCode).toBe(0);
}

/** The first sheet of an xlsx download as rows of cell texts (row 1 = headers). */
export async function readXlsx(res: LightMyRequestResponse): Promise<string[][]> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; .*filename\*=UTF-8''/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
