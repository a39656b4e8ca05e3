/**
 * Bad files and bad input for the order import calls: each gets a clear Chinese error and changes
 * nothing (no job, no rows, no orders). Bad rows inside a good file are reported with their reasons.
 */
import { ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffFile } from '../src/modules/order-import/file-format.js';
import { csvRowsOver, readTable } from '../src/modules/order-import/table-reader.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { csv, PDD_HEADERS, pddRow, sampleOrder, TAOBAO_HEADERS, taobaoRow, xlsx } from './order-import-fixtures.js';
import { BASE, importCounts, inspect, postParts, shopIdOf, storedRowTexts, toPreview, upload, waitWhile } from './order-import-support.js';
import { call, envelope, isChinese } from './support.js';

let t: TestApp;
let seller: Session;
let pddShop: number;
let taobaoShop: number;
let pddFile: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  seller = await login(t.app, 'demo_seller');
  pddShop = await shopIdOf(t, seller, 'PDD');
  taobaoShop = await shopIdOf(t, seller, 'TAOBAO');
  pddFile = csv(PDD_HEADERS, [pddRow(sampleOrder(1, 'P'))]);
});
afterAll(() => t?.close());

/** Runs the upload and checks the answer is a Chinese error with `code` and nothing was written. */
async function refused(u: Parameters<typeof upload>[2], code: number, msg?: string | RegExp) {
  const before = await importCounts(t);
  const r = await upload(t, seller, u);
  expect(r.errorCode).toBe(code);
  expect(isChinese(r.errorMsg)).toBe(true);
  if (msg) expect(r.errorMsg).toMatch(msg);
  expect(await importCounts(t)).toEqual(before);
  return r;
}

describe('bad files are refused before anything is stored', () => {
  it('wrong format, empty, header only, corrupt and cut-short files', async () => {
    await refused({ file: Buffer.from('%PDF-1.4'), name: '订单.pdf', shopId: pddShop }, 14101, '.xlsx、.xls、.csv');
    await refused({ file: Buffer.alloc(0), name: '订单.csv', shopId: pddShop }, 14103);
    await refused({ file: csv(PDD_HEADERS, []), name: '订单.csv', shopId: pddShop }, 14103, '只有表头');
    await refused({ file: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)), name: '订单.xlsx', shopId: pddShop }, 14104, '已损坏');
    const good = await xlsx(TAOBAO_HEADERS, [taobaoRow(sampleOrder(1))]);
    await refused({ file: good.subarray(0, Math.floor(good.length * 0.7)), name: '订单.xlsx', shopId: taobaoShop }, 14104, '不完整');
    // A zip that is no workbook (a renamed .docx or archive).
    const zipped = Buffer.concat([good.subarray(0, 4), Buffer.alloc(200), good.subarray(good.length - 22)]);
    await refused({ file: zipped, name: '订单.xlsx', shopId: taobaoShop }, 14104);
    await refused({ file: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]), name: '订单.xls', shopId: taobaoShop }, 14104);
    // Binary bytes named .csv.
    await refused({ file: Buffer.from([0, 1, 2, 0, 0, 5, 0, 0]), name: '订单.csv', shopId: pddShop }, 14104);
  });

  it('a file over 20 MB', async () => {
    const big = Buffer.concat([pddFile, Buffer.alloc(ORDER_IMPORT_LIMITS.maxFileBytes, 0x20)]);
    await refused({ file: big, name: '订单.csv', shopId: pddShop }, 14102, '20MB');
  });

  it('a .csv past 100,000 rows is refused up front (an .xls holds at most 65,536 rows)', async () => {
    const line = pddRow(sampleOrder(2, 'P'));
    const rows = Array.from({ length: ORDER_IMPORT_LIMITS.maxRows + 1 }, (_, i) => {
      const r = [...line];
      r[1] = `B${i}`;
      return r;
    });
    await refused({ file: csv(PDD_HEADERS, rows), name: '大文件.csv', shopId: pddShop }, 14105, '10万行');
  });

  it('counts records, not lines: a quoted line break does not push a file over the limit', async () => {
    const max = ORDER_IMPORT_LIMITS.maxRows;
    const rows = Array.from({ length: max }, (_, i) => [`Q${i}`, i === 5 ? '第一行\n第二行' : '']);
    const file = (r: string[][]) => sniffFile({ name: 'q.csv', bytes: csv(['订单号', '买家留言'], r, 'utf8') });
    expect(await csvRowsOver(file(rows), max)).toBe(false);
    expect(await csvRowsOver(file([...rows, ['Q-last', '']]), max)).toBe(true);
  });

  it('missing file, not multipart, bad shop id, another tenant`s or unknown shop, bad mapping', async () => {
    const before = await importCounts(t);
    const noFile = envelope(await postParts(t, BASE, seller, [{ name: 'shopId', value: String(pddShop) }]));
    expect(noFile).toMatchObject({ errorCode: 14100 });
    const json = envelope(await call(t.app, { method: 'POST', url: BASE, session: seller, payload: { shopId: pddShop } }));
    expect(json.errorCode).toBe(400);
    expect(isChinese(json.errorMsg)).toBe(true);
    expect(await importCounts(t)).toEqual(before);
    await refused({ file: pddFile, name: 'p.csv' }, 400, '请输入店铺');
    await refused({ file: pddFile, name: 'p.csv', shopId: 'abc' }, 400, '店铺必须是数字');
    await refused({ file: pddFile, name: 'p.csv', shopId: 999_999 }, 12001, '店铺不存在');
    await refused({ file: pddFile, name: 'p.csv', shopId: pddShop, mapping: '{not json' }, 400, /列对应/);
    await refused({ file: pddFile, name: 'p.csv', shopId: pddShop, mapping: { nonsense: '订单号' } }, 400);
    const odd = envelope(await postParts(t, BASE, seller, [{ name: 'other', value: pddFile, filename: 'x.csv' }]));
    expect(odd.errorCode).toBe(400);
    const three = envelope(
      await postParts(t, BASE, seller, [
        { name: 'file', value: pddFile, filename: 'a.csv' },
        { name: 'detailFile', value: pddFile, filename: 'b.csv' },
        { name: 'file', value: pddFile, filename: 'c.csv' },
      ]),
    );
    expect(three).toMatchObject({ errorCode: 400, errorMsg: '一次最多上传订单报表和宝贝报表两个文件' });
    expect(await importCounts(t)).toEqual(before);
  });

  it('inspect refuses the same bad files and stores nothing', async () => {
    const before = await importCounts(t);
    expect((await inspect(t, seller, Buffer.from('x'), 'a.txt')).errorCode).toBe(14101);
    expect((await inspect(t, seller, Buffer.from('garbage!'), 'a.xlsx')).errorCode).toBe(14104);
    expect(await importCounts(t)).toEqual(before);
  });

  it('JSON calls validate their input in Chinese', async () => {
    const badId = envelope(await call(t.app, { url: `${BASE}/abc`, session: seller }));
    expect(badId).toMatchObject({ errorCode: 400 });
    expect(badId.errorMsg).toContain('导入任务编号');
    const page = envelope(await call(t.app, { method: 'POST', url: `${BASE}/page`, session: seller, payload: { pageSize: 1000 } }));
    expect(page.errorCode).toBe(400);
    expect(page.errorMsg).toContain('每页条数');
    const rows = envelope(await call(t.app, { method: 'POST', url: `${BASE}/1/rows`, session: seller, payload: { errorsOnly: 'yes' } }));
    expect(rows.errorCode).toBe(400);
    expect(rows.errorMsg).toContain('仅看错误');
    expect(envelope(await call(t.app, { url: `${BASE}/999999`, session: seller }))).toMatchObject({ errorCode: 12001, errorMsg: '导入任务不存在' });
  });
});

describe('the .xlsx reader', () => {
  it('finds every entry of the archive on every read (exceljs#3064)', async () => {
    // exceljs' single streaming pass over the zip sometimes ended at the first worksheet, which it
    // copies to a temporary file while the pass waits: every entry after it was lost (its workbook,
    // which exceljs writes last, and so the upload read as corrupt; shared strings in Excel's own
    // files). A race, about once in 400 reads here, so the file is read a thousand times, one by one.
    const bytes = await xlsx(TAOBAO_HEADERS, [taobaoRow(sampleOrder(1, 'R'))]);
    const file = sniffFile({ name: '订单报表.xlsx', bytes });
    const reads = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const rows: string[] = [];
      for await (const row of readTable(file)) rows.push(`${row.rowNo}:${row.cells.length}`);
      reads.add(rows.join(' '));
    }
    // The header row and the order's row (its trailing blank cells are not kept), alike each time.
    expect([...reads]).toHaveLength(1);
    expect([...reads][0]).toMatch(new RegExp(`^1:${TAOBAO_HEADERS.length} 2:\\d+$`));
  });
});

describe('bad rows in a good file', () => {
  it('each bad row says why in Chinese, and the whole order is left out', async () => {
    const ok = sampleOrder(1, 'R');
    const header = ['订单号', '收货人', '手机号', '省', '市', '区', '详细地址', '商品标题', '商家编码', '数量', '单价(元)', '付款时间'];
    const row = (o: Partial<Record<string, string | number>>) => {
      const base: Record<string, string | number> = {
        订单号: ok.orderNo,
        收货人: ok.name,
        手机号: ok.phone,
        省: '浙江省',
        市: '杭州市',
        区: '西湖区',
        详细地址: ok.street,
        商品标题: ok.title,
        商家编码: ok.outerCode,
        数量: 1,
        '单价(元)': '59.90',
        付款时间: '2024-06-01 10:00:00',
      };
      return header.map((h) => (h in o ? (o[h] ?? '') : (base[h] ?? '')));
    };
    const file = await xlsx(header, [
      row({ 订单号: 'R-OK' }),
      row({ 订单号: 'R-1', 收货人: '' }),
      row({ 订单号: 'R-2', 手机号: '138****5678' }),
      row({ 订单号: 'R-3', 省: '火星省', 市: '奥林匹斯市', 区: '山区' }),
      row({ 订单号: 'R-4', 详细地址: '' }),
      row({ 订单号: 'R-5', 数量: 'abc', '单价(元)': '5.999x' }),
      row({ 订单号: 'R-6', 付款时间: '昨天下午' }),
      row({ 订单号: 2.888123456789012e18 }),
      row({ 订单号: '', 商品标题: '', 商家编码: '' }),
      // A good line of R-1: the order fails as a whole, since one of its lines is bad.
      row({ 订单号: 'R-1' }),
    ]);
    const job = await toPreview(t, seller, { file, name: '错误行.xlsx', shopId: taobaoShop });
    expect(job).toMatchObject({ totalRows: 10, errorRows: 8, validOrders: 1 });
    expect(job.errors).toEqual([
      { row: 3, message: '缺少收货人' },
      { row: 4, message: '手机号已脱敏（含*），无法发货，请导出完整手机号后再导入' },
      { row: 5, message: '收货地区“火星省 奥林匹斯市 山区”不在省市区数据中，请核对省、市、区' },
      { row: 6, message: '缺少详细地址' },
      { row: 7, message: '数量“abc”不是正整数；单价“5.999x”格式不正确' },
      { row: 8, message: '付款时间“昨天下午”格式不正确，应如 2024-06-01 10:00:00' },
      { row: 9, message: '订单号“2888123456789012000”已被 Excel 改成数字（丢失了末尾数字），请把订单号列设为文本后重新导出' },
      { row: 10, message: '缺少订单号；缺少商品（商品标题和商家编码都为空）' },
    ]);
    expect(job.total).toBe(9);
    expect(job.failed).toBe(8);
  });

  it('confirming a preview with no valid order is refused', async () => {
    const file = csv(PDD_HEADERS, [pddRow({ ...sampleOrder(5, 'Z'), phone: '' })]);
    const job = await toPreview(t, seller, { file, name: 'z.csv', shopId: pddShop });
    const before = await importCounts(t);
    const r = envelope(await call(t.app, { method: 'POST', url: `${BASE}/${job.id}/confirm`, session: seller }));
    expect(r).toMatchObject({ errorCode: 14110 });
    expect(await importCounts(t)).toEqual(before);
  });
});

describe('control characters and broken text in a file or a form field', () => {
  it('NUL, lone surrogates and invalid UTF-8 never reach the database: rows are refused with a reason, fields answer 400', async () => {
    const header = ['订单号', '收货人', '手机号', '省', '市', '区', '详细地址', '商品标题', '商家编码', '数量', '单价(元)', '付款时间'];
    const o = sampleOrder(3, 'N');
    const row = (no: string, over: Partial<Record<string, string>>) =>
      header.map(
        (h) =>
          over[h] ??
          (
            {
              订单号: no,
              收货人: o.name,
              手机号: o.phone,
              省: '浙江省',
              市: '杭州市',
              区: '西湖区',
              详细地址: o.street,
              商品标题: o.title,
              商家编码: o.outerCode,
              数量: '1',
              '单价(元)': '59.90',
              付款时间: '2024-06-01 10:00:00',
            } as Record<string, string>
          )[h] ??
          '',
      );
    const rows = [row('N-OK', {}), row('N-1', { 收货人: '张\u0000三' }), row('N-2', { 详细地址: '文三路\ud800号' }), row('N-3', { 商品标题: '连衣裙\u0000' })];
    const before = await importCounts(t);
    const answers: string[] = [];
    for (const [file, name] of [
      [await xlsx(header, rows), '控制字符.xlsx'],
      [csv(header, rows, 'utf8'), '控制字符.csv'],
      // Bytes that are no UTF-8 at all in a UTF-8 file (a lone surrogate's encoding).
      [
        Buffer.concat([
          csv(header, [rows[0] as string[]], 'utf8'),
          Buffer.from('\r\nN-4,李四,13800138000,浙江省,杭州市,西湖区,'),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('路1号,T恤,A1,1,9.90,2024-06-01 10:00:00'),
        ]),
        '坏编码.csv',
      ],
    ] as const) {
      // A clean Chinese refusal of the whole file (a NUL byte makes a .csv look binary) or a preview
      // whose bad rows say why: never a failure of the server.
      const up = await upload(t, seller, { file, name, shopId: taobaoShop });
      answers.push(`${name}: ${up.errorCode === 0 ? 'preview' : up.errorMsg}`);
      if (up.errorCode !== 0) {
        expect(isChinese(up.errorMsg), name).toBe(true);
        continue;
      }
      const job = await waitWhile(t, seller, up.data.jobId);
      expect(job.status, name).toBe('PREVIEW');
      expect(job.validOrders, name).toBeGreaterThanOrEqual(1);
      for (const e of job.errors) expect(isChinese(e.message), e.message).toBe(true);
    }
    expect(answers.filter((a) => a.endsWith('preview')).length, answers.join('\n')).toBeGreaterThanOrEqual(1);
    // The form fields beside the file: NUL and a lone surrogate answer 400 naming the field, nothing stored.
    const mid = await importCounts(t);
    for (const [field, value] of [
      ['shopId', `${taobaoShop}\u0000`],
      ['mapping', JSON.stringify({ 订单号: 'orderNo\u0000' })],
      ['mapping', JSON.stringify({ 订单号: 'a\ud800' })],
    ] as const) {
      const r = envelope(
        await postParts(t, BASE, seller, [
          { name: 'file', value: csv(header, [rows[0] as string[]], 'utf8'), filename: 'a.csv' },
          { name: field, value },
        ]),
      );
      expect(r.errorCode, `${field}=${value}`).not.toBe(0);
      expect(isChinese(r.errorMsg)).toBe(true);
    }
    expect(await importCounts(t)).toEqual(mid);
    expect(mid).not.toEqual(before);
    const texts = await storedRowTexts(t);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((x) => /\\u0000|\\ud[89a-f]/i.test(x))).toEqual([]);
  });
});
