/**
 * Kuaidi100's subscription against the emulator: the client subscribes (a repeat counts as done),
 * the emulator pushes changed traces signed MD5(param + salt), readTrackPush accepts them with the
 * salt and refuses a wrong salt or a broken param; a refused push is pushed again.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenOnLoopback, readBody } from '../emulator-http.ts';
import { createKuaidi100Client, type Kuaidi100Client } from './client.ts';
import { type CourierEmulator, startCourierEmulator } from './emulator.ts';
import { PUSH_ACCEPTED, PUSH_REFUSED, readTrackPush, signPush } from './subscribe.ts';

const CREDS = { customer: 'CUST0001', key: 'KEY0001', secret: 'SECRET0001' };
const SALT = 'salt-0001';
let emu: CourierEmulator;
let client: Kuaidi100Client;
const received: Record<string, string>[] = [];
let accept = true;
const callback = createServer(async (req, res) => {
  const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
  received.push(fields);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(accept ? PUSH_ACCEPTED : PUSH_REFUSED('稍后再试')));
});
let callbackUrl = '';

beforeAll(async () => {
  emu = await startCourierEmulator({ ...CREDS, stepMs: 60_000 });
  client = createKuaidi100Client({ ...CREDS, queryUrl: emu.queryUrl, labelUrl: emu.labelUrl, subscribeUrl: emu.subscribeUrl, retryDelaysMs: [1, 1] });
  callbackUrl = `http://127.0.0.1:${await listenOnLoopback(callback)}/push`;
});
afterAll(async () => {
  await emu?.close();
  callback.closeAllConnections();
  callback.close();
});

it('subscribed numbers are pushed when their trace changes, signed with the salt; a refused push comes again', async () => {
  const w = await client.createWaybill({
    courierCode: 'YTO',
    orderId: 'DF2611230000001',
    recMan: { name: '林晓', mobile: '13800138001', printAddr: '浙江省杭州市西湖区文三路90号' },
    sendMan: { name: '代发仓', mobile: '13900139000', printAddr: '广东省广州市越秀区十三行路1号' },
    cargo: '服装',
    count: 1,
  });
  await client.subscribe({ courierCode: 'YTO', trackingNo: w.trackingNo, callbackUrl, salt: SALT });
  await client.subscribe({ courierCode: 'YTO', trackingNo: w.trackingNo, callbackUrl, salt: SALT }); // 重复订阅: done

  expect(await emu.pushUpdates()).toBe(1);
  const first = readTrackPush(received[0] ?? {}, SALT);
  expect(first).toMatchObject({ com: 'yuantong', trackingNo: w.trackingNo, state: '1', signed: false, pushStatus: 'polling' });
  expect(await emu.pushUpdates()).toBe(0); // nothing new

  accept = false;
  emu.advance(60_000);
  expect(await emu.pushUpdates()).toBe(0);
  accept = true;
  expect(await emu.pushUpdates()).toBe(1); // the refused version again
  expect(readTrackPush(received.at(-1) ?? {}, SALT)?.traces).toHaveLength(2);

  emu.advance(10 * 60_000);
  await emu.pushUpdates();
  expect(readTrackPush(received.at(-1) ?? {}, SALT)).toMatchObject({ state: '3', signed: true, pushStatus: 'shutdown' });
});

it('readTrackPush refuses a wrong salt, a missing sign and a param that is not a trace', () => {
  const param = JSON.stringify({ status: 'polling', lastResult: { nu: 'YT1', com: 'yuantong', state: '0', ischeck: '0', data: [] } });
  expect(readTrackPush({ param, sign: signPush(param, SALT) }, SALT)).not.toBeNull();
  expect(readTrackPush({ param, sign: signPush(param, 'other') }, SALT)).toBeNull();
  expect(readTrackPush({ param }, SALT)).toBeNull();
  expect(readTrackPush({ param: '{}', sign: signPush('{}', SALT) }, SALT)).toBeNull();
});
