// @vitest-environment jsdom
import { type ClodopEmulator, startClodopEmulator } from '@dropship/channels';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClodopLike } from './lodop-loader';
import { createPrintQueue, type LodopStep } from './print-queue';

let emu: ClodopEmulator;
let clodop: ClodopLike;

beforeAll(async () => {
  emu = await startClodopEmulator({ printers: ['Label-A', 'Label-B'], printDelayMs: 40 });
  const script = await (await fetch(`${emu.url}/CLodopfuncs.js`)).text();
  // The real script runs in the page; here it runs against jsdom's window, alerts captured.
  window.alert = vi.fn();
  new Function(script)();
  clodop = (window as unknown as { CLODOP: ClodopLike }).CLODOP;
});
afterAll(() => emu.close());

const job = (name: string): LodopStep[] => [
  { fn: 'PRINT_INITA', args: [0, 0, 226.77, 151.18, name] },
  { fn: 'SET_PRINT_PAGESIZE', args: [1, 600, 400, 'CreateCustomPage'] },
  { fn: 'ADD_PRINT_TEXT', args: [10, 10, 100, 20, name] },
];

describe('print queue against the emulated C-Lodop', () => {
  it('sends each PRINT only after the previous On_Return, in order, with no refusal', async () => {
    const q = createPrintQueue(() => clodop);
    const results = await Promise.all([q.print({ steps: job('一'), printer: 'Label-B' }), q.print({ steps: job('二') }), q.print({ steps: job('三') })]);
    expect(results.every((r) => r.ok && r.value === true)).toBe(true);
    expect(new Set(results.map((r) => r.taskId)).size).toBe(3);
    expect(q.pending()).toBe(0);
    await expect.poll(() => emu.jobs().length).toBe(3);
    expect(emu.jobs().map((j) => j.commands.find((c) => c.fn === 'ADD_PRINT_TEXT')?.args[4])).toEqual(['一', '二', '三']);
    expect(emu.jobs().map((j) => j.printer)).toEqual(['Label-B', 'Label-A', 'Label-A']);
    expect(emu.jobs()[0]?.commands.map((c) => c.fn)).toEqual(['PRINT_INITA', 'SET_PRINT_PAGESIZE', 'ADD_PRINT_TEXT', 'SET_PRINTER_INDEX']);
    expect(emu.refusals()).toBe(0);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('refuses steps that are not drawing commands, logs and goes on with the next job', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const q = createPrintQueue(() => clodop);
    const bad = q.print({ steps: [{ fn: 'PRINT_DESIGN', args: [] }] });
    const good = q.print({ steps: job('四') });
    expect((await bad).ok).toBe(false);
    expect((await good).ok).toBe(true);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('without C-Lodop a job fails quietly (logged, not thrown)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await createPrintQueue(() => null).print({ steps: job('五') })).toEqual({ ok: false, taskId: null, value: false });
    warn.mockRestore();
  });
});
