/**
 * How a file will be read: where its header row is, which layout it has (or the seller's column
 * mapping), and which column holds each field. Worked out from the first rows only, so the upload
 * call answers quickly and refuses an unusable file before anything is stored.
 */
import { type Channel, ErrorCode, type ImportLayout, type ImportMapping, missingMappingFields, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';
import { type FileFormat, type SniffedFile, sniffFile, type TextEncoding, type UploadedFile } from './file-format.js';
import { type ColumnIndex, customLayout, detectLayout, indexColumns, type LayoutDef, looksLikeHeader, mappingOf, normHeader } from './layouts.js';
import { csvRowsOver, type ReadProgress, readTable, type TableRow } from './table-reader.js';
import { type Cell, cellText } from './values.js';

/** How many non-blank rows are searched for the header (exports may put a title above it). */
const HEADER_SEARCH_ROWS = 10;

export interface FileHead {
  file: SniffedFile;
  headerRowNo: number;
  headers: string[];
  samples: Cell[][];
  /**
   * Every non-blank data row: those read for the samples, then the rest from the same reader,
   * so a file is read once (for .xlsx the shared strings alone are most of the work).
   */
  rows: AsyncGenerator<TableRow>;
  progress: ReadProgress;
  /** Closes the reader when the rows will not be read (a refused upload, inspect). */
  close(): Promise<void>;
}

const isBlank = (cells: Cell[]) => cells.every((c) => cellText(c) === '');

/**
 * The header row and up to `sampleCount` data rows after it. With `keepOpen` the reader stays
 * where it stopped for `rows`; without it (inspect) it is closed and an in-memory reader parses
 * only the first rows.
 */
export async function readHead(file: SniffedFile, sampleCount = 3, keepOpen = false): Promise<FileHead> {
  const progress: ReadProgress = { bytesRead: 0 };
  const it = readTable(file, progress, { headOnly: !keepOpen });
  const close = async () => {
    await it.return(undefined);
  };
  const rows: TableRow[] = [];
  let headerAt = -1;
  try {
    for (let n = await it.next(); !n.done; n = await it.next()) {
      const row = n.value;
      if (isBlank(row.cells)) continue;
      rows.push(row);
      if (headerAt < 0) {
        const texts = row.cells.map(cellText);
        if (detectLayout(texts) || looksLikeHeader(texts)) headerAt = rows.length - 1;
        else if (rows.length >= HEADER_SEARCH_ROWS) headerAt = 0;
      }
      if (headerAt >= 0 && rows.length - headerAt > sampleCount) break;
    }
    if (headerAt < 0 && rows.length > 0) headerAt = 0;
    const header = rows[headerAt];
    if (!header) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY);
    const read = rows.slice(headerAt + 1);
    if (read.length === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY, '文件只有表头，没有订单行，请确认导出的时间范围内有订单');
    if (!keepOpen) await close();
    async function* rest(): AsyncGenerator<TableRow> {
      try {
        yield* read;
        for (let n = await it.next(); !n.done; n = await it.next()) if (!isBlank(n.value.cells)) yield n.value;
      } finally {
        await close();
      }
    }
    return {
      file,
      headerRowNo: header.rowNo,
      headers: header.cells.map(cellText),
      samples: read.slice(0, sampleCount).map((r) => r.cells),
      rows: rest(),
      progress,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export interface FilePlan extends FileHead {
  layout: LayoutDef;
  index: ColumnIndex;
  mapping: ImportMapping;
  /** The Taobao 宝贝报表 beside a 订单报表, with its own plan. */
  detail?: FileHead & { index: ColumnIndex };
}

/** What a plan found: the job's columns, and the platform the file comes from. */
export interface PlanSummary {
  format: FileFormat;
  encoding: TextEncoding | null;
  layout: ImportLayout;
  channel: Channel | null;
  mapping: ImportMapping;
}

export const summaryOf = (plan: FilePlan): PlanSummary => ({
  format: plan.file.format,
  encoding: plan.file.encoding,
  layout: plan.layout.layout,
  channel: plan.layout.channel,
  mapping: plan.mapping,
});

function checkMapping(headers: string[], mapping: ImportMapping) {
  const present = new Set(headers.map(normHeader));
  const absent = Object.values(mapping).filter((h): h is string => !!h && !present.has(normHeader(h)));
  if (absent.length) throw new AppError(ErrorCode.ORDER_IMPORT_MAPPING_INVALID, `列对应中的“${absent.join('”、“')}”列在文件中不存在，请重新选择`);
  const missing = missingMappingFields(mapping);
  if (missing.length) throw new AppError(ErrorCode.ORDER_IMPORT_MAPPING_INVALID, `列对应缺少：${missing.join('、')}，请为它们选择文件中的列`);
}

/**
 * The plan of an upload: the seller's mapping when given (any layout), else the recognized
 * layout; an unknown layout without a mapping is refused (14106) so the page asks for one.
 */
export async function planImport(main: UploadedFile, mapping: ImportMapping | undefined, detailFile?: UploadedFile): Promise<FilePlan> {
  const head = await readHead(sniffFile(main), 3, true);
  let detail: FileHead | undefined;
  try {
    const plan = await layoutPlan(head, mapping);
    if (detailFile) {
      if (plan.layout.layout !== 'TAOBAO' && plan.layout.channel !== 'TAOBAO') {
        throw new AppError(ErrorCode.BAD_REQUEST, '只有淘宝“订单报表”可以附带“宝贝报表”，请去掉附带的文件后再导入');
      }
      detail = await readHead(sniffFile(detailFile), 3, true);
      const d = detectLayout(detail.headers);
      if (d?.layout !== 'TAOBAO_DETAIL')
        throw new AppError(ErrorCode.ORDER_IMPORT_LAYOUT_UNKNOWN, '附带的文件不是淘宝“宝贝报表”，请从千牛导出宝贝报表后再上传');
      plan.detail = { ...detail, index: indexColumns(detail.headers, d.columns) };
    }
    return plan;
  } catch (err) {
    await head.close();
    await detail?.close();
    throw err;
  }
}

async function layoutPlan(head: FileHead, mapping: ImportMapping | undefined): Promise<FilePlan> {
  if (await csvRowsOver(head.file, ORDER_IMPORT_LIMITS.maxRows)) throw new AppError(ErrorCode.ORDER_IMPORT_TOO_MANY_ROWS);
  const detected = detectLayout(head.headers);
  if (detected?.layout === 'TAOBAO_DETAIL') throw new AppError(ErrorCode.ORDER_IMPORT_DETAIL_ONLY);
  let layout: LayoutDef;
  if (mapping && Object.keys(mapping).length > 0) {
    checkMapping(head.headers, mapping);
    const custom = customLayout(mapping);
    // A recognized export keeps its platform and money rules even when the seller adjusts columns.
    layout = detected ? { ...custom, channel: detected.channel, amounts: detected.amounts } : custom;
  } else if (detected) {
    layout = detected;
  } else {
    throw new AppError(ErrorCode.ORDER_IMPORT_LAYOUT_UNKNOWN);
  }
  const index = indexColumns(head.headers, layout.columns);
  const used = mappingOf(head.headers, index, head.samples);
  const missing = missingMappingFields(used);
  if (missing.length) throw new AppError(ErrorCode.ORDER_IMPORT_MAPPING_INVALID, `文件缺少必需的列：${missing.join('、')}，请在“列对应”中选择`);
  return { ...head, layout, index, mapping: used };
}

/** Closes the readers of a plan that will not be parsed. */
export async function releasePlan(plan: FilePlan) {
  await plan.close();
  await plan.detail?.close();
}
