import { type PrintComponentEmulators, startPrintComponentEmulators } from '@dropship/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import NodeWebSocket from 'ws';
import { type ComponentState, createPlatformPrintClient } from './client';
import { COMPONENT_SOURCES, type PlatformPrintData, type PrintComponentSource } from './components';
import { componentAdvice } from './status-text';

let emus: PrintComponentEmulators;
beforeAll(async () => {
  emus = await startPrintComponentEmulators({ ports: 0, printers: ['面单机-A', '面单机-B'], printDelayMs: 20 });
});
afterAll(() => emus.close());

const TEMPLATE: Record<PrintComponentSource, string> = {
  CAINIAO: 'http://cloudprint.cainiao.com/template/standard/101',
  PDD: 'https://file-link.pinduoduo.com/t/76x130',
  TIKTOK: 'https://sf3-ttcdn-tos.pstatp.com/obj/logistics-davinci/template/t.xml',
  KUAISHOU: 'https://s.kwaixiaodian.com/t/76x130',
  REDBOOK: 'https://fe.xiaohongshu.com/t/76x130',
  JD: 'https://template-content.jd.com/template-oss?tempCode=ytokd76x130',
};
const data = (source: PrintComponentSource, over: Partial<PlatformPrintData> = {}): PlatformPrintData => ({
  source,
  encryptedData: btoa(JSON.stringify({ waybill: `${source}-1` })),
  signature: 'sig',
  templateUrl: TEMPLATE[source],
  ...over,
});
const client = (source: PrintComponentSource, o: { printTimeoutMs?: number } = {}) =>
  // Node 20 has no WebSocket client and jsdom's trips over its own Event class; ws speaks the same API.
  createPlatformPrintClient(source, { url: emus.urls[source], connectTimeoutMs: 2000, WebSocket: NodeWebSocket as unknown as typeof WebSocket, ...o });

describe('platform print client against the emulated components', () => {
  it.each(COMPONENT_SOURCES)('%s: connects, lists the printers and prints a waybill on the chosen printer', async (source) => {
    const c = client(source);
    const seen: ComponentState[] = [];
    c.subscribe(() => seen.push(c.status().state));
    expect(c.status().state).toBe('unchecked');
    const s = await c.connect();
    expect(s).toMatchObject({ state: 'connected', printers: ['面单机-A', '面单机-B'], defaultPrinter: '面单机-A' });
    const pd = data(source);
    await c.print([pd], '面单机-B');
    expect(c.status().state).toBe('connected');
    expect(seen).toEqual(['connecting', 'connecting', 'connected', 'printing', 'connected']);
    const job = emus.emulators[source].jobs().at(-1)!;
    expect(job).toMatchObject({ printer: '面单机-B', status: 'printed' });
    expect(job.documents[0]!.printData[0]).toMatchObject({ encryptedData: pd.encryptedData, signature: 'sig', templateUrl: pd.templateUrl });
    expect(job.documents[0]!.decoded[0]).toEqual({ waybill: `${source}-1` });
    c.close();
  });

  it('a component that is not running: 未安装或未启动, with what to do', async () => {
    const emu = emus.emulators.CAINIAO;
    await emu.setOffline(true);
    try {
      const c = client('CAINIAO');
      expect((await c.connect()).state).toBe('unavailable');
      expect(componentAdvice('CAINIAO', c.status())).toBe('未检测到菜鸟打印组件：请在仓库电脑安装并启动菜鸟打印组件（CAINIAO 打印组件），再点重新检测。');
      await expect(c.print([data('CAINIAO')], '')).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await emu.setOffline(false);
    }
  });

  it('a refused print (another platform’s data, a bad signature) and a failed one: 打印失败 with the component’s reason', async () => {
    const c = client('CAINIAO');
    await c.connect();
    await expect(c.print([data('PDD')], '')).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('拼多多打印组件的面单不能由菜鸟打印组件打印'),
    });
    expect(c.status()).toMatchObject({ state: 'failed' });
    expect(componentAdvice('CAINIAO', c.status())).toContain('菜鸟打印组件打印失败：非本平台电子面单数据');
    await expect(c.print([data('CAINIAO', { signature: '' })], '')).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('签名校验失败'),
    });
    emus.emulators.CAINIAO.failNextPrint('打印机缺纸');
    await expect(c.print([data('CAINIAO')], '')).rejects.toMatchObject({ kind: 'failed', message: '打印机缺纸' });
    // The next good print puts it back to 已连接.
    await c.print([data('CAINIAO')], '');
    expect(c.status()).toMatchObject({ state: 'connected', error: null });
    c.close();
  });

  it('JD reports a refusal in its one reply; a print that never reports times out', async () => {
    const jd = client('JD');
    await jd.connect();
    await expect(jd.print([data('JD', { templateUrl: TEMPLATE.CAINIAO })], '')).rejects.toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('不能由京东打印组件打印'),
    });
    jd.close();

    const emu = emus.emulators.PDD;
    emu.setPrintDelay(5000);
    try {
      const c = client('PDD', { printTimeoutMs: 300 });
      await c.connect();
      await expect(c.print([data('PDD')], '')).rejects.toMatchObject({ kind: 'timeout', message: '拼多多打印组件在 1 秒内没有返回打印结果' });
      expect(c.status().state).toBe('failed');
      c.close();
    } finally {
      emu.setPrintDelay(20);
    }
  });
});
