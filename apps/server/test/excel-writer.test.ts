/** lib/excel: both writers lay out the same header row and cells, money and times from the contract's formatters. */
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dayColumn, keysetPages, moneyColumn, timeColumn, workbookBytes, writeXlsx, type XlsxColumn } from '../src/lib/excel/index.js';
import { xlsxThread } from '../src/lib/excel/xlsx-thread.js';

interface Row {
  id: number;
  code: string;
  fen: number | null;
  at: string | null;
}

const columns: XlsxColumn<Row>[] = [
  { header: '编号', value: (r) => r.code },
  moneyColumn('金额（元）', (r) => r.fen),
  timeColumn('时间', (r) => r.at),
  dayColumn('日期', (r) => r.at ?? new Date(0)),
];
const rows: Row[] = [
  { id: 2, code: '3712345678901234', fen: 1250, at: '2026-11-19T16:30:00Z' },
  { id: 1, code: 'A1', fen: -5, at: null },
];

async function read(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

const log = { error: () => undefined } as unknown as FastifyBaseLogger;

/** Every row's four cells as the text Excel shows (an empty cell reads ''). */
const values = (ws: ExcelJS.Worksheet) => Array.from({ length: ws.rowCount }, (_, i) => [1, 2, 3, 4].map((c) => ws.getRow(i + 1).getCell(c).text));

describe('the Excel writer', () => {
  it('writes bold headers at their widths, yuan with two decimals and Beijing times', async () => {
    const ws = await read(await workbookBytes([{ name: '记录', columns, rows, footer: [['合计', '12.45']] }]));
    expect(ws.name).toBe('记录');
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getColumn(2).width).toBe(Math.max(12, '金额（元）'.length * 2 + 4));
    expect(ws.getColumn(3).width).toBe(20);
    expect(values(ws)).toEqual([
      ['编号', '金额（元）', '时间', '日期'],
      ['3712345678901234', '12.50', '2026-11-20 00:30:00', '2026-11-20'],
      ['A1', '-0.05', '', '1970-01-01'],
      ['', '', '', ''],
      ['合计', '12.45', '', ''],
    ]);
  });

  it('formats text cells as text only on sheets that are read back', async () => {
    const plain = await read(await workbookBytes([{ name: '甲', columns, rows }]));
    const text = await read(await workbookBytes([{ name: '乙', columns, rows, textCells: true }]));
    expect(plain.getCell('A2').numFmt).toBeUndefined();
    expect(text.getCell('A2').numFmt).toBe('@');
  });

  it('streams the same sheet, page by page, as the in-memory writer writes it', async () => {
    const out: PassThrough = writeXlsx({ sheetName: '记录', columns, pages: keysetPages(async (before) => (before === undefined ? rows : [])), log });
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    const streamed = await read(Buffer.concat(chunks));
    const whole = await read(await workbookBytes([{ name: '记录', columns, rows }]));
    expect(values(streamed)).toEqual(values(whole));
    expect(streamed.getRow(1).font?.bold).toBe(true);
  });

  it('writes the same workbook on the Excel thread as on the event loop, over many pages', async () => {
    const many: Row[] = Array.from({ length: 2_500 }, (_, i) => ({
      id: 2_500 - i,
      code: `C${i}`,
      fen: i * 7 - 300,
      at: i % 3 ? null : '2026-11-19T16:30:00Z',
    }));
    const pagesOf = () =>
      keysetPages<Row>(async (before) => {
        const from = before === undefined ? 0 : many.findIndex((r) => r.id === before) + 1;
        return many.slice(from, from + 1_000);
      });
    const write = async (onLoop: boolean) => {
      if (onLoop) process.env.EXCEL_THREAD = '0';
      try {
        const chunks: Buffer[] = [];
        for await (const c of writeXlsx({ sheetName: '记录', columns, pages: pagesOf(), log })) chunks.push(c as Buffer);
        return read(Buffer.concat(chunks));
      } finally {
        delete process.env.EXCEL_THREAD;
      }
    };
    const [threaded, looped] = [await write(false), await write(true)];
    expect(threaded.rowCount).toBe(2_501);
    expect(values(threaded)).toEqual(values(looped));
    expect(threaded.getColumn(2).width).toBe(looped.getColumn(2).width);
    expect(threaded.getRow(1).font?.bold).toBe(true);
    expect(xlsxThread.openCount).toBe(0);
  });

  it('a download cut short stops reading pages and leaves nothing open on the thread', async () => {
    let pagesRead = 0;
    async function* endless() {
      for (let i = 0; ; i++) {
        pagesRead++;
        yield Array.from({ length: 500 }, (_, j) => ({ id: i * 500 + j, code: `C${j}`, fen: j, at: null }));
      }
    }
    const out = writeXlsx({ sheetName: '记录', columns, pages: endless(), log });
    for await (const _ of out) break; // the first bytes, then the client goes away
    await new Promise((r) => setTimeout(r, 200));
    const after = pagesRead;
    await new Promise((r) => setTimeout(r, 200));
    expect(pagesRead).toBe(after);
    expect(xlsxThread.openCount).toBe(0);
  });

  it('a page that fails ends the download with the error logged, and the thread serves the next export', async () => {
    const logged: string[] = [];
    const failing = { error: (_o: unknown, m: string) => logged.push(m) } as unknown as FastifyBaseLogger;
    async function* broken() {
      yield rows;
      throw new Error('数据库连接中断');
    }
    const out = writeXlsx({ sheetName: '记录', columns, pages: broken(), log: failing });
    await expect(
      (async () => {
        for await (const _ of out);
      })(),
    ).rejects.toThrow('数据库连接中断');
    expect(logged).toEqual(['导出失败']);
    expect(xlsxThread.openCount).toBe(0);
    const chunks: Buffer[] = [];
    for await (const c of writeXlsx({ sheetName: '记录', columns, pages: keysetPages(async (b) => (b === undefined ? rows : [])), log }))
      chunks.push(c as Buffer);
    expect(values(await read(Buffer.concat(chunks)))[1]).toEqual(['3712345678901234', '12.50', '2026-11-20 00:30:00', '2026-11-20']);
  });
});
