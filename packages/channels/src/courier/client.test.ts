/**
 * The Kuaidi100 client against the local emulator: waybills in each company's format and unique,
 * traces that advance to 签收, the phone rule of ZTO/SF, signature and key refusals, retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKuaidi100Client, type Kuaidi100Client } from './client.ts';
import { type CourierEmulator, startCourierEmulator } from './emulator.ts';
import { CourierError } from './errors.ts';

const CREDS = { customer: 'CUST0001', key: 'KEY0001', secret: 'SECRET0001' };
let emu: CourierEmulator;
let client: Kuaidi100Client;

const party = (name: string, mobile: string, printAddr: string) => ({ name, mobile, printAddr });
const order = (courierCode: string, n = 1) => ({
  courierCode,
  orderId: `DF26112300000${n}`,
  recMan: party('林晓', '13800138001', '浙江省杭州市西湖区文三路90号'),
  sendMan: party('代发仓', '13900139000', '广东省广州市越秀区十三行路1号'),
  cargo: '服装',
  count: 1,
});

beforeAll(async () => {
  emu = await startCourierEmulator({ ...CREDS, stepMs: 60_000 });
  client = createKuaidi100Client({ ...CREDS, queryUrl: emu.queryUrl, labelUrl: emu.labelUrl, retryDelaysMs: [1, 1] });
});
afterAll(() => emu?.close());

describe('e-waybill', () => {
  it('issues unique numbers in each company’s format', async () => {
    const zto = await Promise.all([1, 2, 3, 4, 5].map((n) => client.createWaybill(order('ZTO', n))));
    for (const w of zto) expect(w.trackingNo).toMatch(/^78\d{12}$/);
    expect(new Set(zto.map((w) => w.trackingNo)).size).toBe(5);
    expect((await client.createWaybill(order('SF'))).trackingNo).toMatch(/^SF\d{13}$/);
    expect((await client.createWaybill(order('YTO'))).trackingNo).toMatch(/^YT\d{13}$/);
    expect((await client.createWaybill(order('JTSD'))).trackingNo).toMatch(/^JT\d{13}$/);
  });

  it('cancels an unused number once, with the kdComOrderNum the order answered; a second cancel or an unknown number is refused', async () => {
    const w = await client.createWaybill(order('ZTO', 9));
    await expect(client.cancelWaybill({ courierCode: 'ZTO', trackingNo: w.trackingNo })).rejects.toBeInstanceOf(CourierError);
    await client.cancelWaybill({ courierCode: 'ZTO', trackingNo: w.trackingNo, ...(w.kdComOrderNum ? { courierOrderNo: w.kdComOrderNum } : {}) });
    expect(emu.waybills().find((x) => x.trackingNo === w.trackingNo)?.cancelledAt).toBeTypeOf('number');
    const again = client.cancelWaybill({ courierCode: 'ZTO', trackingNo: w.trackingNo, courierOrderNo: w.kdComOrderNum ?? '' });
    await expect(again).rejects.toThrow(/已取消/);
    await expect(client.cancelWaybill({ courierCode: 'ZTO', trackingNo: '780000000000000' })).rejects.toThrow(/不存在/);
  });

  it('refuses a missing receiver and an unknown company', async () => {
    await expect(client.createWaybill({ ...order('ZTO'), recMan: party('', '13800138001', 'x') })).rejects.toMatchObject({ kind: 'bad_request' });
    await expect(client.createWaybill(order('NOPE'))).rejects.toMatchObject({ kind: 'bad_request' });
  });

  it('a wrong secret is an auth failure; out of waybill stock is a refusal with the courier’s reason', async () => {
    const bad = createKuaidi100Client({ ...CREDS, secret: 'WRONG', queryUrl: emu.queryUrl, labelUrl: emu.labelUrl });
    await expect(bad.createWaybill(order('ZTO'))).rejects.toMatchObject({ kind: 'auth' });
    emu.setFailure('no_stock', { times: 1 });
    const err = await client.createWaybill(order('ZTO')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CourierError);
    expect((err as CourierError).message).toContain('余额不足');
    expect((err as CourierError).retryable).toBe(false);
  });
});

describe('tracking', () => {
  it('advances from 揽收 through 派件 to 签收 (state 3, signed)', async () => {
    const w = await client.createWaybill(order('YTO', 9));
    const first = await client.queryTrack({ courierCode: 'YTO', trackingNo: w.trackingNo });
    expect(first).toMatchObject({ state: '1', signed: false });
    expect(first.traces[0]?.context).toContain('揽收');
    emu.advance(3 * 60_000);
    expect(await client.queryTrack({ courierCode: 'YTO', trackingNo: w.trackingNo })).toMatchObject({ state: '5', signed: false });
    emu.advance(60_000);
    const done = await client.queryTrack({ courierCode: 'YTO', trackingNo: w.trackingNo });
    expect(done).toMatchObject({ state: '3', signed: true });
    expect(done.traces).toHaveLength(5);
    expect(done.traces[0]?.context).toContain('签收');
  });

  it('ZTO answers only with the receiver’s phone (last four digits)', async () => {
    const w = await client.createWaybill(order('ZTO', 7));
    await expect(client.queryTrack({ courierCode: 'ZTO', trackingNo: w.trackingNo })).rejects.toMatchObject({ kind: 'bad_request' });
    expect((await client.queryTrack({ courierCode: 'ZTO', trackingNo: w.trackingNo, phone: '8001' })).traces.length).toBeGreaterThan(0);
  });

  it('an unknown number is "no result"; a wrong key fails the sign', async () => {
    await expect(client.queryTrack({ courierCode: 'YTO', trackingNo: 'YT0000000000000' })).rejects.toMatchObject({ kind: 'no_result' });
    const bad = createKuaidi100Client({ ...CREDS, key: 'OTHER', queryUrl: emu.queryUrl, labelUrl: emu.labelUrl });
    await expect(bad.queryTrack({ courierCode: 'YTO', trackingNo: 'YT1' })).rejects.toMatchObject({ kind: 'auth', returnCode: '503' });
  });

  it('retries a busy or failing gateway, then gives up as a retryable error', async () => {
    const w = await client.createWaybill(order('STO', 3));
    emu.setFailure('http500', { times: 2, api: 'query' });
    expect((await client.queryTrack({ courierCode: 'STO', trackingNo: w.trackingNo })).state).toBe('1');
    emu.setFailure('busy', { times: 5, api: 'query' });
    const err = await client.queryTrack({ courierCode: 'STO', trackingNo: w.trackingNo }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'network', retryable: true });
    emu.setFailure(null);
  });
});
