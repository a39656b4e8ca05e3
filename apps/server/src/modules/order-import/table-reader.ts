/**
 * The rows of the first sheet of an uploaded file, streamed where the format allows: .xlsx with
 * exceljs' streaming reader (exceljs-stream.ts fixes its multi-byte bug and its lost entries), .csv through iconv-lite and csv-parse, .xls (BIFF, or HTML saved as
 * .xls) with SheetJS (@e965/xlsx), which reads a whole workbook in memory (capped by sheetRows).
 */
import { Readable } from 'node:stream';
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import type * as XLSX from '@e965/xlsx';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.js';
import { readWorkbook } from './exceljs-stream.js';
import type { SniffedFile } from './file-format.js';
import type { Cell } from './values.js';

export interface TableRow {
  /** The row number Excel shows (1-based). */
  rowNo: number;
  cells: Cell[];
}

export interface ReadProgress {
  /** Bytes of the file consumed so far (for the progress bar). */
  bytesRead: number;
}

const CHUNK = 64 * 1024;
/** Rows an in-memory reader parses when only the header and a few rows are wanted. */
const HEAD_ROWS = 40;

function chunked(bytes: Buffer, progress: ReadProgress): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += CHUNK) {
        progress.bytesRead = Math.min(bytes.length, i + CHUNK);
        yield bytes.subarray(i, i + CHUNK);
      }
    })(),
  );
}

type ExcelValue = ExcelJS.CellValue;

function excelCell(v: ExcelValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('formula' in v || 'sharedFormula' in v) return excelCell((v as { result?: ExcelValue }).result as ExcelValue);
  if ('text' in v) return typeof v.text === 'string' ? v.text : excelCell(v.text as ExcelValue);
  return null;
}

async function* xlsxRows(file: SniffedFile, progress: ReadProgress): AsyncGenerator<TableRow> {
  // Only the first sheet is read, so how far through its bytes the rows are is how far the file is.
  const reader = readWorkbook(file.bytes, (share) => {
    progress.bytesRead = Math.round(share * file.bytes.length);
  });
  let sheets = 0;
  for await (const sheet of reader) {
    sheets++;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelValue[];
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(excelCell(values[i]));
      yield { rowNo: row.number, cells };
    }
    // Only the first sheet is read; exports put the orders there.
    break;
  }
  if (sheets === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_CORRUPT, '文件中没有工作表，请确认这是订单导出的 Excel 文件');
}

async function* sheetJsRows(file: SniffedFile, progress: ReadProgress, headOnly: boolean): AsyncGenerator<TableRow> {
  const [sheetJs, iconv] = await Promise.all([import('@e965/xlsx'), loadIconv()]);
  // sheetRows caps what is parsed (BIFF8 itself holds at most 65,536 rows; HTML has no limit).
  const cap = headOnly ? HEAD_ROWS : ORDER_IMPORT_LIMITS.maxRows + 20;
  const opts: XLSX.ParsingOptions = { dense: true, cellDates: false, cellNF: false, cellHTML: false, cellStyles: false, sheetRows: cap };
  const book = file.encoding
    ? sheetJs.read(iconv.decode(file.bytes, file.encoding), { ...opts, type: 'string' })
    : sheetJs.read(file.bytes, { ...opts, type: 'buffer' });
  progress.bytesRead = file.bytes.length;
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_CORRUPT, '文件中没有工作表，请确认这是订单导出的 Excel 文件');
  const full = sheet['!fullref'] ?? sheet['!ref'];
  if (!headOnly && full && sheetJs.utils.decode_range(full).e.r + 1 > cap) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS);
  const rows = sheetJs.utils.sheet_to_json<Cell[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  const start = sheet['!ref'] ? sheetJs.utils.decode_range(sheet['!ref']).s.r : 0;
  for (let i = 0; i < rows.length; i++) yield { rowNo: start + i + 1, cells: rows[i] ?? [] };
}

/** The text decoders (GBK, UTF-16): loaded by the first file that needs them, not at start (decision 0043). */
async function loadIconv() {
  return (await import('iconv-lite')).default;
}

function delimiterOf(sample: string): string {
  const line = sample.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', '\t', ';'].map((d) => [d, line.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
}

async function* csvRows(file: SniffedFile, progress: ReadProgress): AsyncGenerator<TableRow> {
  const encoding = file.encoding ?? 'UTF-8';
  const [{ parse: parseCsv }, iconv] = await Promise.all([import('csv-parse'), loadIconv()]);
  const sample = iconv.decode(file.bytes.subarray(0, 16 * 1024), encoding);
  const parser = chunked(file.bytes, progress)
    .pipe(iconv.decodeStream(encoding))
    .pipe(parseCsv({ delimiter: delimiterOf(sample.replace(/^\uFEFF/, '')), bom: true, relax_column_count: true, relax_quotes: true }));
  let rowNo = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNo++;
    yield { rowNo, cells: record };
  }
}

function rowsOf(file: SniffedFile, progress: ReadProgress, headOnly: boolean): AsyncIterable<TableRow> {
  if (file.format === 'xlsx') return xlsxRows(file, progress);
  if (file.format === 'xls') return sheetJsRows(file, progress, headOnly);
  return csvRows(file, progress);
}

/**
 * Every row of the file's first sheet, blank rows included, in file order. A failure of the
 * reader (zip, XML, BIFF, CSV quoting) becomes the one Chinese "corrupt file" error; errors of the
 * code consuming the rows are not the file's and pass through untouched.
 */
export async function* readTable(file: SniffedFile, progress: ReadProgress = { bytesRead: 0 }, opts: { headOnly?: boolean } = {}): AsyncGenerator<TableRow> {
  try {
    for await (const row of rowsOf(file, progress, opts.headOnly ?? false)) yield row;
  } catch (err) {
    throw err instanceof AppError ? err : new AppError(ErrorCode.ORDER_IMPORT_FILE_CORRUPT);
  }
}

/**
 * Data rows of a text file when it may be past the row limit: line breaks are counted first
 * (GBK and UTF-8 never use the byte 0x0A inside a character), and only a file with more lines
 * than the limit is parsed to count records that are not blank (a quoted field may hold breaks).
 */
export async function csvRowsOver(file: SniffedFile, limit: number): Promise<boolean> {
  if (file.format !== 'csv' || file.encoding?.startsWith('UTF-16')) return false;
  let breaks = 0;
  for (let i = file.bytes.indexOf(0x0a); i >= 0; i = file.bytes.indexOf(0x0a, i + 1)) breaks++;
  const lines = breaks + (file.bytes[file.bytes.length - 1] === 0x0a ? 0 : 1);
  // The header is one line; every data row takes at least one.
  if (lines - 1 <= limit) return false;
  let records = 0;
  for await (const row of readTable(file)) if (row.cells.some((c) => String(c ?? '').trim() !== '')) records++;
  return records - 1 > limit;
}
