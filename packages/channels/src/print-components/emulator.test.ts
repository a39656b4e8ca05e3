import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type PrintComponentEmulators, startPrintComponentEmulators } from './start-all.ts';
import type { PlatformPrintData, PrintComponentSource } from './types.ts';

let all: PrintComponentEmulators;
beforeAll(async () => {
  all = await startPrintComponentEmulators({ ports: 0, printers: ['面单机-A', '面单机-B'], printDelayMs: 10 });
});
afterAll(() => all.close());

/** A client socket that collects every message, and waits for the next one matching. */
async function open(source: PrintComponentSource) {
  const ws = new WebSocket(all.urls[source]);
  const received: Record<string, unknown>[] = [];
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Record<string, unknown>;
    received.push(m);
    const i = waiters.findIndex((w) => w.match(m));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    received,
    next: (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const hit = received.find(match);
        if (hit) resolve(hit);
        else waiters.push({ match, resolve });
      }),
    send: (m: object) => ws.send(JSON.stringify(m)),
  };
}

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64');
const data = (source: PrintComponentSource, templateUrl: string, extra: Partial<PlatformPrintData> = {}): PlatformPrintData => ({
  source,
  encryptedData: b64({ waybillCode: 'YT100', receiver: '冯**' }),
  signature: 'sig-1',
  templateUrl,
  ...extra,
});

describe('cmd/task components (Cainiao, PDD, Douyin)', () => {
  it('Cainiao answers getPrinters, acks a print, then notifies printed and keeps the job with its decoded contents', async () => {
    const c = await open('CAINIAO');
    c.send({ cmd: 'getPrinters', requestID: 'r1', version: '1.0' });
    expect(await c.next((m) => m.requestID === 'r1')).toMatchObject({
      cmd: 'getPrinters',
      status: 'success',
      defaultPrinter: '面单机-A',
      printers: [{ name: '面单机-A' }, { name: '面单机-B' }],
    });
    const pd = data('CAINIAO', 'http://cloudprint.cainiao.com/template/standard/101', { ver: 'waybill_print_secret_version_1' });
    const content = { encryptedData: pd.encryptedData, signature: pd.signature, templateURL: pd.templateUrl, ver: pd.ver };
    const custom = { data: { note: '代发' }, templateURL: 'http://cloudprint.cainiao.com/template/custom/1' };
    c.send({
      cmd: 'print',
      requestID: 'r2',
      version: '1.0',
      task: { taskID: 't2', preview: false, printer: '面单机-B', documents: [{ documentID: 'YT100', contents: [content, custom] }] },
    });
    expect(await c.next((m) => m.cmd === 'print' && m.requestID === 'r2')).toMatchObject({ taskID: 't2', status: 'success' });
    expect(await c.next((m) => m.cmd === 'notifyPrintResult')).toMatchObject({
      taskID: 't2',
      taskStatus: 'printed',
      printer: '面单机-B',
      printStatus: [{ documentID: 'YT100', status: 'success' }],
    });
    const job = all.emulators.CAINIAO.jobs().find((j) => j.taskID === 't2')!;
    expect(job).toMatchObject({ source: 'CAINIAO', printer: '面单机-B', status: 'printed' });
    expect(job.documents[0]!.contents).toHaveLength(2);
    expect(job.documents[0]!.printData).toEqual([pd]);
    expect(job.documents[0]!.decoded).toEqual([{ waybillCode: 'YT100', receiver: '冯**' }]);
    c.ws.close();
  });

  it('PDD names its result PrintResultNotify; Douyin keeps params; an unknown printer is refused', async () => {
    const p = await open('PDD');
    const pdd = data('PDD', 'https://file-link.pinduoduo.com/yunda_one');
    p.send({
      cmd: 'print',
      requestID: 'p1',
      version: '1.0',
      task: {
        taskID: 'pt1',
        printer: '',
        documents: [{ documentID: 'D1', contents: [{ encryptedData: pdd.encryptedData, signature: 's', templateUrl: pdd.templateUrl, ver: '3' }] }],
      },
    });
    expect(await p.next((m) => m.cmd === 'PrintResultNotify')).toMatchObject({ taskID: 'pt1', taskStatus: 'printed', printer: '面单机-A' });
    p.send({
      cmd: 'print',
      requestID: 'p2',
      version: '1.0',
      task: {
        taskID: 'pt2',
        printer: '不存在',
        documents: [{ documentID: 'D2', contents: [{ encryptedData: 'x', signature: 's', templateUrl: pdd.templateUrl }] }],
      },
    });
    expect(await p.next((m) => m.requestID === 'p2')).toMatchObject({ cmd: 'print', status: 'failed', msg: '打印机不存在：不存在' });
    p.ws.close();

    const d = await open('TIKTOK');
    d.send({
      cmd: 'print',
      requestID: 'd1',
      version: '1.0',
      task: {
        taskID: 'dt1',
        documents: [
          {
            documentID: 'DY1',
            contents: [{ params: 'app_key=1&sign=2', encryptedData: 'e', signature: 's', templateURL: 'https://sf1-ttcdn-tos.pstatp.com/t.xml' }],
          },
        ],
      },
    });
    expect(await d.next((m) => m.cmd === 'notifyPrintResult')).toMatchObject({ taskStatus: 'printed' });
    expect(all.emulators.TIKTOK.jobs()[0]!.documents[0]!.printData[0]).toMatchObject({ source: 'TIKTOK', params: 'app_key=1&sign=2' });
    d.ws.close();
  });

  it('refuses another platform’s data and data whose signature does not verify, with the component’s error', async () => {
    const c = await open('CAINIAO');
    const before = all.emulators.CAINIAO.jobs().length;
    c.send({
      cmd: 'print',
      requestID: 'x1',
      version: '1.0',
      task: {
        taskID: 'xt1',
        documents: [{ documentID: 'P1', contents: [{ encryptedData: 'e', signature: 's', templateUrl: 'https://file-link.pinduoduo.com/t' }] }],
      },
    });
    const other = await c.next((m) => m.requestID === 'x1');
    expect(other).toMatchObject({ cmd: 'print', status: 'failed' });
    expect(other.msg).toContain('拼多多打印组件的面单不能由菜鸟打印组件打印');
    c.send({
      cmd: 'print',
      requestID: 'x2',
      version: '1.0',
      task: {
        taskID: 'xt2',
        documents: [{ documentID: 'C1', contents: [{ encryptedData: 'e', signature: '', templateURL: 'http://cloudprint.cainiao.com/t' }] }],
      },
    });
    expect((await c.next((m) => m.requestID === 'x2')).msg).toContain('数据签名校验失败');
    c.send({
      cmd: 'print',
      requestID: 'x3',
      version: '1.0',
      task: { taskID: 'xt3', documents: [{ documentID: 'C2', contents: [{ data: {}, templateURL: 'x' }] }] },
    });
    expect((await c.next((m) => m.requestID === 'x3')).msg).toContain('缺少电子面单数据');
    expect(all.emulators.CAINIAO.jobs()).toHaveLength(before);
    expect(all.emulators.CAINIAO.refusals().map((r) => r.reason)).toEqual(['otherPlatform', 'signature', 'noPrintData']);
    c.ws.close();
  });
});

describe('command/taskList components (Kuaishou, Xiaohongshu)', () => {
  it('Kuaishou listens on /ks/printer and prints each taskList entry as a document', async () => {
    expect(all.urls.KUAISHOU).toMatch(/\/ks\/printer$/);
    const k = await open('KUAISHOU');
    k.send({ command: 'getPrinters', version: '2.0', requestID: 'k1' });
    expect(await k.next((m) => m.requestID === 'k1')).toMatchObject({
      command: 'getPrinters',
      status: 'success',
      printers: [{ name: '面单机-A' }, { name: '面单机-B' }],
    });
    const info = JSON.stringify({ encryptedData: 'e1', signature: 's1', templateURL: 'https://s.kwaixiaodian.com/t/76x130' });
    k.send({
      command: 'print',
      version: '2.0',
      requestID: 'k2',
      printType: 1,
      printer: '面单机-A',
      taskList: [{ taskID: 'KS1', printInfo: info, printNum: 1 }],
    });
    expect(await k.next((m) => m.command === 'print' && m.requestID === 'k2')).toMatchObject({ status: 'success' });
    expect(await k.next((m) => m.command === 'notifyPrintResult')).toMatchObject({
      requestID: 'k2',
      taskStatus: 'printed',
      taskList: [{ taskID: 'KS1', status: 'success' }],
    });
    expect(all.emulators.KUAISHOU.jobs()[0]!.documents[0]!.printData[0]).toMatchObject({ encryptedData: 'e1', signature: 's1' });
    k.ws.close();
  });

  it('Xiaohongshu fails the next print when told to, with the printer’s message', async () => {
    const x = await open('REDBOOK');
    all.emulators.REDBOOK.failNextPrint('打印机缺纸');
    x.send({
      command: 'print',
      version: '2.0',
      requestID: 'h1',
      printer: '面单机-A',
      taskList: [{ taskID: 'X1', printInfo: { encryptedData: 'e', signature: 's', templateURL: 'https://x.xiaohongshu.com/t' }, printNum: 1 }],
    });
    expect(await x.next((m) => m.command === 'notifyPrintResult')).toMatchObject({ taskStatus: 'failed', msg: '打印机缺纸' });
    expect(all.emulators.REDBOOK.jobs()[0]).toMatchObject({ status: 'failed', message: '打印机缺纸' });
    x.ws.close();
  });
});

describe('JD component', () => {
  it('answers GET_Printers with code 6 and a PRINT once, with its result (code 2, status 500 / 502)', async () => {
    const j = await open('JD');
    j.send({ orderType: 'GET_Printers', key: 'j1', version: '2', parameters: {} });
    expect(await j.next((m) => m.key === 'j1')).toMatchObject({ code: '6', success: 'true', detailinfo: { printers: ['面单机-A', '面单机-B'] } });
    const tempUrl = 'https://template-content.jd.com/template-oss?tempCode=ytokd76x130';
    j.send({
      orderType: 'PRINT',
      key: 'j2',
      version: '2',
      parameters: { printName: '面单机-B', contents: [{ documentID: 'JD1', tempUrl, printData: 'e', signature: 's' }] },
    });
    expect(await j.next((m) => m.key === 'j2')).toMatchObject({ code: '2', success: 'true', status: '500', detailinfo: { total: '1-1' } });
    j.send({
      orderType: 'PRINT',
      key: 'j3',
      version: '2',
      parameters: { printName: '面单机-B', contents: [{ documentID: 'JD2', tempUrl: 'http://cloudprint.cainiao.com/t', printData: 'e', signature: 's' }] },
    });
    expect(await j.next((m) => m.key === 'j3')).toMatchObject({ code: '2', success: 'false', status: '502' });
    expect(all.emulators.JD.jobs().map((job) => job.documents[0]!.documentID)).toEqual(['JD1']);
    j.ws.close();
  });
});

describe('controls', () => {
  it('offline refuses connections until back online; a new printer list applies', async () => {
    const emu = all.emulators.PDD;
    await emu.setOffline(true);
    const refused = new WebSocket(all.urls.PDD);
    await expect(new Promise((_, reject) => refused.once('error', reject))).rejects.toThrow(/ECONNREFUSED/);
    await emu.setOffline(false);
    emu.setPrinters(['新打印机']);
    const p = await open('PDD');
    p.send({ cmd: 'getPrinters', requestID: 'g', version: '1.0' });
    expect(await p.next((m) => m.requestID === 'g')).toMatchObject({ defaultPrinter: '新打印机', printers: [{ name: '新打印机' }] });
    p.ws.close();
  });

  it('uses the injected verifier', async () => {
    const { startPrintComponentEmulator } = await import('./emulator.ts');
    const seen: PlatformPrintData[] = [];
    const emu = await startPrintComponentEmulator('CAINIAO', {
      port: 0,
      verify: (pd) => {
        seen.push(pd);
        return pd.signature === 'good';
      },
    });
    const ws = new WebSocket(emu.url);
    const replies: Record<string, unknown>[] = [];
    ws.on('message', (raw) => replies.push(JSON.parse(String(raw)) as Record<string, unknown>));
    await new Promise((r) => ws.once('open', r));
    const doc = (sig: string) => ({ documentID: sig, contents: [{ encryptedData: 'e', signature: sig, templateURL: 'http://127.0.0.1/t' }] });
    ws.send(JSON.stringify({ cmd: 'print', requestID: 'a', version: '1.0', task: { taskID: 'a', documents: [doc('bad')] } }));
    ws.send(JSON.stringify({ cmd: 'print', requestID: 'b', version: '1.0', task: { taskID: 'b', documents: [doc('good')] } }));
    await expect.poll(() => replies.filter((r) => r.cmd === 'notifyPrintResult').length).toBe(1);
    expect(replies.find((r) => r.requestID === 'a')).toMatchObject({ status: 'failed' });
    expect(seen.map((s) => [s.source, s.signature])).toEqual([
      ['CAINIAO', 'bad'],
      ['CAINIAO', 'good'],
    ]);
    expect(emu.jobs().map((j) => j.taskID)).toEqual(['b']);
    ws.close();
    await emu.close();
  });
});
