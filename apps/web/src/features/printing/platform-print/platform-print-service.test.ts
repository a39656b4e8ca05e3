// @vitest-environment jsdom
import { type PrintComponentEmulators, startPrintComponentEmulators } from '@dropship/channels';
import { afterAll, beforeAll, expect, it } from 'vitest';
import NodeWebSocket from 'ws';
import { COMPONENT_PORTS_STORAGE_KEY } from './components';
import { printPlatformWaybills, recheckComponent } from './platform-print-service';
import { saveComponentPrinter } from './printer-choice';

let emus: PrintComponentEmulators;
beforeAll(async () => {
  emus = await startPrintComponentEmulators({ ports: 0, printers: ['面单机-A', '面单机-B'], printDelayMs: 10 });
  // jsdom's WebSocket trips over its own Event class under vitest; ws speaks the same API.
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  localStorage.setItem(COMPONENT_PORTS_STORAGE_KEY, JSON.stringify(emus.ports));
});
afterAll(() => emus.close());

const waybill = { source: 'PDD' as const, encryptedData: 'E', signature: 'S', templateUrl: 'https://file-link.pinduoduo.com/t' };

it('prints a platform’s waybills on this computer’s chosen printer for its component, connecting first', async () => {
  saveComponentPrinter('PDD', '面单机-B');
  await printPlatformWaybills('PDD', [waybill]);
  expect(emus.emulators.PDD.jobs().map((j) => [j.printer, j.status])).toEqual([['面单机-B', 'printed']]);
});

it('without a choice the component’s default printer prints; a stopped component rejects with the Chinese reason', async () => {
  saveComponentPrinter('PDD', '');
  await printPlatformWaybills('PDD', [waybill]);
  expect(emus.emulators.PDD.jobs().at(-1)?.printer).toBe('面单机-A');

  await emus.emulators.JD.setOffline(true);
  expect((await recheckComponent('JD')).state).toBe('unavailable');
  await expect(printPlatformWaybills('JD', [{ ...waybill, source: 'JD', templateUrl: 'https://template-content.jd.com/t' }])).rejects.toThrow(
    '未检测到京东打印组件',
  );
  await emus.emulators.JD.setOffline(false);
});
