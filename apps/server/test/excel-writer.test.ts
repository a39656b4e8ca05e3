/** lib/excel: both writers lay out the same header row and cells, money and times from the contract's formatters. */
import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dayColumn, keysetPages, moneyColumn, timeColumn, workbookBytes, writeXlsx, type XlsxColumn } from '../src/lib/excel/index.js';

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
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const out: PassThrough = writeXlsx({ sheetName: '记录', columns, pages: keysetPages(async (before) => (before === undefined ? rows : [])), log });
    const chunks: Buffer[] = [];
    for await (const c of out) chunks.push(c as Buffer);
    const streamed = await read(Buffer.concat(chunks));
    const whole = await read(await workbookBytes([{ name: '记录', columns, rows }]));
    expect(values(streamed)).toEqual(values(whole));
    expect(streamed.getRow(1).font?.bold).toBe(true);
  });
});
