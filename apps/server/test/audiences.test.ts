/**
 * Each call serves the kinds of organisation its permission declares: the other kinds are refused
 * (10001 for a non-purchaser on a purchaser call, SPEC.md section 8; 403 otherwise), never answered
 * with an empty success. An operator is neither a seller nor a purchaser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, envelope } from './support.js';

let t: TestApp;
let seller: Session;
let purchaser: Session;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  operator = await login(t.app, 'demo_operator');
});
afterAll(() => t?.close());

const post = (url: string, session: Session, payload: object = { pageNo: 1, pageSize: 10 }) => call(t.app, { method: 'POST', url, session, payload });

describe('audiences', () => {
  it('a seller on the purchaser take-items list: 10001, no data', async () => {
    const res = await post('/api/b2/purchaser/takeItems/page', seller);
    expect(envelope(res)).toEqual({ errorCode: 10001, errorMsg: '进入采购商系统请使用采购商账号登录', data: null });
    expect(envelope(await post('/api/b2/purchaser/takeItems/page', purchaser)).errorCode).toBe(0);
  });

  it('an operator on supplier management (a page of sellers and purchasers): 403, no data', async () => {
    const res = await post('/api/b2/goods/supplier/page', operator);
    expect(res.statusCode).toBe(403);
    expect(envelope(res)).toMatchObject({ errorCode: 403, data: null });
    expect(envelope(await post('/api/b2/goods/supplier/page', seller)).errorCode).toBe(0);
    expect(envelope(await post('/api/b2/goods/supplier/page', purchaser)).errorCode).toBe(0);
  });

  it("an operator on a seller's page call (shop orders) and a purchaser's (take items): 403 / 10001", async () => {
    const orders = await post('/api/b2/orders/page', operator);
    expect(orders.statusCode).toBe(403);
    expect(envelope(orders).data).toBeNull();
    expect(envelope(await post('/api/b2/purchaser/takeItems/page', operator)).errorCode).toBe(10001);
  });
});
