/**
 * Fulfilment settings: every key read with its default and saved through its own call, bad input
 * refused in Chinese with nothing saved, shops and suppliers of another tenant refused as not
 * found, the return / send addresses under SPEC's paths, what the waybill reads
 * (fulfilmentSettings, senderFor, returnPhoneFor), and the operator's platform prices.
 */
import { ErrorCode, FULFILMENT_DEFAULTS } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fulfilmentSettings, returnPhoneFor, senderFor, supplyModeOf } from '../src/modules/fulfilment-settings/fulfilment-settings.service.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { speedFeeOf, speedTerms } from '../src/modules/speed-delivery/speed-delivery.js';
import { declarationState, stallOf } from './declarations-support.js';
import { callers, expectBadRequest, type FundsTestApp, orgOf, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
let otherShopId: number;
let shopId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
const url = (key: string) => `/api/b2/fulfilment/settings/${key}`;
type Setting<T> = { key: string; value: T; prices: { speedDeliveryFeeFen: number; payLaterCreditFen: number } };

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'fs');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherShopId = second.expiringShopId;
  const [s] = await db().select().from(shops).where(eq(shops.orgId, orgId)).limit(1);
  shopId = s?.id as number;
});
afterAll(() => t?.close());

describe('each setting', () => {
  it('reads the default until saved, then what was saved; another seller still reads the default', async () => {
    const first = await get<Setting<unknown>>(url('orderFulfillmentStrategy'), seller);
    expect(first.errorCode, first.errorMsg).toBe(0);
    expect(first.data.value).toEqual(FULFILMENT_DEFAULTS.orderFulfillmentStrategy);
    const value = { mergeSameReceiver: false, waitMode: 'SHIP_TAKEN', unpaidCancelHours: 48, outOfStockPolicy: 'WAIT_NEXT_DAY', nextDayMaxDays: 3 };
    const saved = await post<Setting<unknown>>(url('orderFulfillmentStrategy'), seller, value);
    expect(saved.errorCode, saved.errorMsg).toBe(0);
    expect((await get<Setting<unknown>>(url('orderFulfillmentStrategy'), seller)).data.value).toEqual(value);
    expect((await get<Setting<unknown>>(url('orderFulfillmentStrategy'), other)).data.value).toEqual(FULFILMENT_DEFAULTS.orderFulfillmentStrategy);
    expect((await fulfilmentSettings(db(), orgId)).orderFulfillmentStrategy).toEqual(value);
  });

  it('refuses bad input in Chinese and saves nothing', async () => {
    const before = await declarationState(db());
    expectBadRequest(
      await post(url('orderFulfillmentStrategy'), seller, { ...FULFILMENT_DEFAULTS.orderFulfillmentStrategy, unpaidCancelHours: 0 }),
      /未付款自动取消时间不能小于1小时/,
    );
    expectBadRequest(
      await post(url('orderFulfillmentStrategy'), seller, { ...FULFILMENT_DEFAULTS.orderFulfillmentStrategy, waitMode: 'LATER' }),
      /多件订单的发货方式/,
    );
    expectBadRequest(await post(url('autoIntercept'), seller, { enabled: 'yes', scope: 'LINES' }), /开启自动拦截必须是 true 或 false/);
    expectBadRequest(await post(url('setPayment'), seller, { enabled: true, agreedTerms: false }), /请先阅读并同意/);
    expectBadRequest(
      await post(url('customInfo'), seller, { default: { senderName: '张三', senderPhone: '12345', senderAddress: '' }, shops: [] }),
      /寄件人电话格式不正确/,
    );
    expectBadRequest(
      await post(url('returnPhone'), seller, {
        default: '',
        shops: [
          { shopId, phone: '13800138000' },
          { shopId, phone: '13800138001' },
        ],
      }),
      /同一店铺不能重复设置/,
    );
    expectBadRequest(
      await post('/api/system/goods/return/address', seller, { name: '', phone: '13800138000', province: '浙江省', city: '杭州市', address: 'x' }),
      /请输入收货人/,
    );
    expect(await declarationState(db())).toEqual(before);
  });

  it('refuses another tenant’s shop or supplier as not found', async () => {
    const before = await declarationState(db());
    const r = await post(url('returnPhone'), seller, { default: '', shops: [{ shopId: otherShopId, phone: '13800138000' }] });
    expect(r.errorCode).toBe(ErrorCode.NOT_FOUND);
    const theirStall = await stallOf(db(), (await orgOf(db(), other)) as number);
    const d = await post(url('distributionMode'), seller, { defaultMode: 'MARKET_PICKUP', suppliers: [{ supplierId: theirStall.id, mode: 'OWN_STOCK' }] });
    expect(d.errorCode).toBe(ErrorCode.NOT_FOUND);
    const c = await post(url('customInfo'), seller, {
      default: { senderName: '', senderPhone: '', senderAddress: '' },
      shops: [{ shopId: otherShopId, senderName: 'x', senderPhone: '', senderAddress: '' }],
    });
    expect(c.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await declarationState(db())).toEqual(before);
  });

  it('gives the waybill the shop’s sender and return phone, else the default', async () => {
    const sender = { senderName: '小林服饰', senderPhone: '0571-88886666', senderAddress: '杭州市上城区解放路18号' };
    const saved = await post(url('customInfo'), seller, {
      default: sender,
      shops: [{ shopId, senderName: '旗舰店', senderPhone: '13800138000', senderAddress: '' }],
    });
    expect(saved.errorCode, saved.errorMsg).toBe(0);
    expect((await post(url('returnPhone'), seller, { default: '400-820-8820', shops: [{ shopId, phone: '13900000000' }] })).errorCode).toBe(0);
    const mine = await stallOf(db(), orgId);
    expect(
      (await post(url('distributionMode'), seller, { defaultMode: 'MARKET_PICKUP', suppliers: [{ supplierId: mine.id, mode: 'OWN_STOCK' }] })).errorCode,
    ).toBe(0);
    const s = await fulfilmentSettings(db(), orgId);
    expect(senderFor(s, shopId)).toEqual({ senderName: '旗舰店', senderPhone: '13800138000', senderAddress: '' });
    expect(senderFor(s, null)).toEqual(sender);
    expect(returnPhoneFor(s, shopId)).toBe('13900000000');
    expect(returnPhoneFor(s, 999_999)).toBe('400-820-8820');
    expect(supplyModeOf(s, mine.id)).toBe('OWN_STOCK');
    expect(supplyModeOf(s, null)).toBe('MARKET_PICKUP');
    const theirs = await fulfilmentSettings(db(), await orgOf(db(), other));
    expect(senderFor(theirs, null)).toBeNull();
  });
});

describe('addresses and platform prices', () => {
  it('keeps the return and send addresses apart and per organisation', async () => {
    expect((await get('/api/system/goods/send/address', seller)).data).toBeNull();
    const address = { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' };
    expect((await post('/api/system/goods/send/address', seller, address)).errorCode).toBe(0);
    expect((await get('/api/system/goods/send/address', seller)).data).toEqual(address);
    expect((await get('/api/system/goods/return/address', seller)).data).toBeNull();
    expect((await get('/api/system/goods/send/address', other)).data).toBeNull();
  });

  it('charges speed delivery at the operator’s price once the seller enables it; only the operator sets prices', async () => {
    expect(speedFeeOf(await speedTerms(db(), orgId), true)).toBe(0);
    expect((await post(url('speedDelivery'), seller, { enabled: true, defaultOn: false })).errorCode).toBe(0);
    expect(speedFeeOf(await speedTerms(db(), orgId), true)).toBe(300);
    const refused = await post('/api/operator/fulfilment/prices', seller, { speedDeliveryFeeFen: 1, payLaterCreditFen: 1 });
    expect(refused.errorCode).toBe(ErrorCode.FORBIDDEN);
    const operator = await login(t.app, 'demo_operator');
    const set = await post('/api/operator/fulfilment/prices', operator, { speedDeliveryFeeFen: 500, payLaterCreditFen: 500_000 });
    expect(set.errorCode, set.errorMsg).toBe(0);
    expect(await get('/api/operator/fulfilment/prices', operator)).toMatchObject({
      errorCode: 0,
      data: { speedDeliveryFeeFen: 500, payLaterCreditFen: 500_000 },
    });
    expect((await get('/api/operator/fulfilment/prices', seller)).errorCode).toBe(ErrorCode.FORBIDDEN);
    const bad = await post('/api/operator/fulfilment/prices', operator, { speedDeliveryFeeFen: -1, payLaterCreditFen: 500_000 });
    expect(bad.errorCode).toBe(400);
    expect(bad.errorMsg).toMatch(/加急费/);
    expect((await get('/api/operator/fulfilment/prices', operator)).data).toEqual({ speedDeliveryFeeFen: 500, payLaterCreditFen: 500_000 });
    expect(speedFeeOf(await speedTerms(db(), orgId), true)).toBe(500);
    const page = await get<Setting<unknown>>(url('setPayment'), seller);
    expect(page.data.prices.payLaterCreditFen).toBe(500_000);
    const dbShops = await db()
      .select()
      .from(shops)
      .where(and(eq(shops.orgId, orgId)));
    expect(dbShops.length).toBeGreaterThan(0);
  });
});
