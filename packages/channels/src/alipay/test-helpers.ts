/** Shared setup of the Alipay tests: the process's test keys, an emulator, a client pointed at it, a notify receiver. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AlipayClient, type AlipayClientOptions, createAlipayClient } from './client.ts';
import { type AlipayEmulator, startAlipayEmulator } from './emulator.ts';
import { processTestKeys } from './keys.ts';

export const APP_ID = '2021000000000042';
const app = processTestKeys('app');
const alipay = processTestKeys('alipay');

export async function startPair(emulatorOpts: { notifyRetryScheduleMs?: number[]; payees?: Record<string, string>; stateFile?: string } = {}) {
  const emu = await startAlipayEmulator({ appId: APP_ID, appPublicKeyPem: app.publicKeyPem, alipayPrivateKeyPem: alipay.privateKeyPem, ...emulatorOpts });
  let calls = 0;
  const makeClient = (o: Partial<AlipayClientOptions> = {}): AlipayClient =>
    createAlipayClient({
      appId: APP_ID,
      privateKeyPem: app.privateKeyPem,
      alipayPublicKeyPem: alipay.publicKeyPem,
      gateway: emu.url,
      retryDelaysMs: [10, 10],
      fetch: (input, init) => {
        calls++;
        return fetch(input, init);
      },
      ...o,
    });
  return { emu, makeClient, appPublicKeyPem: app.publicKeyPem, gatewayCalls: () => calls, resetCalls: () => (calls = 0) } as {
    emu: AlipayEmulator;
    makeClient: typeof makeClient;
    appPublicKeyPem: string;
    gatewayCalls: () => number;
    resetCalls: () => number;
  };
}

/** A merchant notify endpoint: verifies with the client, answers from `answers` (last one repeats). */
export async function startReceiver(client: AlipayClient, answers: string[]) {
  const received: { params: Record<string, string>; verified: boolean }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const verified = client.verifyNotify(params);
      received.push({ params, verified });
      const answer = verified ? (answers[received.length - 1] ?? answers[answers.length - 1] ?? 'success') : 'fail';
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/alipay/notify`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Opens the cashier for `url` and presses 支付; returns the cashier HTML and the pay answer. */
export async function payThroughCashier(gatewayUrl: string, payUrl: string) {
  const page = await fetch(payUrl);
  const html = await page.text();
  const outTradeNo = /name="out_trade_no" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const paid = await fetch(new URL('/cashier/pay', gatewayUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ out_trade_no: outTradeNo }).toString(),
    redirect: 'manual',
  });
  return { page, html, paid };
}
