import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClodopEmulator, startClodopEmulator } from './emulator.ts';

interface ClodopApi {
  CVERSION: string;
  webskt: { readyState: number };
  On_Return: ((taskId: string, value: unknown) => void) | null;
  [fn: string]: unknown;
}
type Fn = (...args: unknown[]) => unknown;

let emu: ClodopEmulator;
beforeAll(async () => {
  emu = await startClodopEmulator({ version: '6.5.0.1', printers: ['Label-A', 'Label-B'], printDelayMs: 10 });
});
afterAll(() => emu.close());

/** Runs the served script in a fresh context, as a page would, and returns its CLODOP. */
async function loadScript(alerts: string[] = []) {
  const res = await fetch(`${emu.url}/CLodopfuncs.js`);
  expect(res.headers.get('content-type')).toMatch(/javascript/);
  const window: Record<string, unknown> = { fetch, alert: (m: string) => alerts.push(m) };
  vm.runInNewContext(await res.text(), { window, setTimeout, JSON, Date });
  return { clodop: window.CLODOP as ClodopApi, getCLodop: window.getCLodop as () => ClodopApi };
}

const fn = (c: ClodopApi, name: string) => c[name] as Fn;

describe('C-Lodop emulator', () => {
  it('serves a script defining CLODOP and getCLodop with the configured version and printers', async () => {
    const { clodop, getCLodop } = await loadScript();
    expect(getCLodop()).toBe(clodop);
    expect(clodop.CVERSION).toBe('6.5.0.1');
    expect(clodop.webskt.readyState).toBe(1);
    for (const name of [
      'SET_LICENSES',
      'PRINT_INIT',
      'PRINT_INITA',
      'SET_PRINT_PAGESIZE',
      'ADD_PRINT_TEXT',
      'ADD_PRINT_BARCODE',
      'ADD_PRINT_LINE',
      'ADD_PRINT_IMAGE',
      'ADD_PRINT_RECT',
      'SET_PRINT_STYLE',
      'SET_PRINT_STYLEA',
      'NEWPAGEA',
      'SET_PRINTER_INDEX',
      'PRINT',
    ]) {
      expect(typeof clodop[name], name).toBe('function');
    }
    expect(fn(clodop, 'GET_PRINTER_COUNT')()).toBe(2);
    expect(fn(clodop, 'GET_PRINTER_NAME')(1)).toBe('Label-B');
    expect(fn(clodop, 'SET_PRINTER_INDEX')('nope')).toBe(false);
  });

  it('PRINT answers a task id, reports through On_Return later, records the job and refuses a second PRINT meanwhile', async () => {
    const alerts: string[] = [];
    const { clodop } = await loadScript(alerts);
    fn(clodop, 'SET_LICENSES')('某公司', 'L', 'A', 'B');
    fn(clodop, 'PRINT_INITA')(0, 0, 226.77, 151.18, 'test');
    fn(clodop, 'SET_PRINT_PAGESIZE')(1, 600, 400, 'CreateCustomPage');
    fn(clodop, 'ADD_PRINT_TEXT')(10, 10, 100, 20, '你好');
    expect(fn(clodop, 'SET_PRINTER_INDEX')('Label-B')).toBe(true);
    const returned = new Promise<[string, unknown]>((resolve) => {
      clodop.On_Return = (id, v) => resolve([id, v]);
    });
    const taskId = fn(clodop, 'PRINT')();
    expect(taskId).toMatch(/^T/);
    expect(fn(clodop, 'PRINT')()).toBe(false);
    expect(alerts).toEqual(["It's Working… just a moment."]);
    expect(await returned).toEqual([taskId, true]);
    expect(clodop.On_Return).toBeNull();

    await expect.poll(() => emu.jobs().length).toBe(1);
    await expect.poll(() => emu.refusals()).toBe(1);
    const job = emu.jobs()[0]!;
    expect(job.taskId).toBe(taskId);
    expect(job.printer).toBe('Label-B');
    expect(job.license?.companyName).toBe('某公司');
    expect(job.commands.map((c) => c.fn)).toEqual(['PRINT_INITA', 'SET_PRINT_PAGESIZE', 'ADD_PRINT_TEXT', 'SET_PRINTER_INDEX']);
    const listed = (await (await fetch(`${emu.url}/jobs`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
  });
});
