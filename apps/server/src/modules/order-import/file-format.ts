/**
 * What an uploaded file really is. The content decides, not the name: marketplaces hand out
 * .xls files that are HTML or text, and sellers rename files; a name outside .xlsx/.xls/.csv, an
 * empty file, or bytes that are no table at all are refused before anything is stored.
 */
import path from 'node:path';
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';

export type FileFormat = 'xlsx' | 'xls' | 'csv';
export type TextEncoding = 'UTF-8' | 'GB18030' | 'UTF-16LE' | 'UTF-16BE';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export interface SniffedFile extends UploadedFile {
  format: FileFormat;
  /** Text files (CSV, and .xls files that are HTML/text): how they are encoded. */
  encoding: TextEncoding | null;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_END = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

const corrupt = (msg?: string) => new AppError(ErrorCode.ORDER_IMPORT_FILE_CORRUPT, msg);

/** UTF-8 (with or without BOM), UTF-16 with BOM, else GB18030 (a superset of GBK and GB2312). */
export function detectEncoding(bytes: Buffer): TextEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  try {
    // stream: a multi-byte character cut at the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 256 * 1024), { stream: true });
    return 'UTF-8';
  } catch {
    return 'GB18030';
  }
}

/** Text has no NUL bytes (UTF-16 aside); a binary file renamed .csv has many. */
function looksLikeText(bytes: Buffer, encoding: TextEncoding): boolean {
  if (encoding.startsWith('UTF-16')) return true;
  const sample = bytes.subarray(0, 64 * 1024);
  let nul = 0;
  for (const b of sample) if (b === 0) nul++;
  return nul === 0;
}

/**
 * The file's format and encoding, or a Chinese error: wrong extension (14101), empty (14103),
 * too large (14102), not a table or cut short (14104).
 */
export function sniffFile(file: UploadedFile): SniffedFile {
  const ext = path.extname(file.name).toLowerCase();
  if (!(ORDER_IMPORT_LIMITS.extensions as readonly string[]).includes(ext)) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_TYPE);
  if (file.bytes.length === 0) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_EMPTY);
  if (file.bytes.length > ORDER_IMPORT_LIMITS.maxFileBytes) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_TOO_LARGE);
  const head = file.bytes.subarray(0, 8);
  if (head.subarray(0, 4).equals(ZIP)) {
    // The zip directory sits at the end: without it the file was cut short in download.
    const tail = file.bytes.subarray(Math.max(0, file.bytes.length - 65_557));
    if (tail.lastIndexOf(ZIP_END) < 0) throw corrupt('文件不完整（可能下载中断），请重新导出后再导入');
    return { ...file, format: 'xlsx', encoding: null };
  }
  if (head.equals(OLE)) return { ...file, format: 'xls', encoding: null };
  if (ext === '.xlsx') throw corrupt();
  const encoding = detectEncoding(file.bytes);
  if (!looksLikeText(file.bytes, encoding)) throw corrupt();
  // An .xls that is text: HTML tables (old Taobao exports) go to the spreadsheet reader, the rest is delimited text.
  if (
    ext === '.xls' &&
    /^\s*</.test(
      file.bytes
        .subarray(0, 512)
        .toString('latin1')
        .replace(/^\uFEFF|^\xEF\xBB\xBF/, ''),
    )
  ) {
    return { ...file, format: 'xls', encoding };
  }
  return { ...file, format: 'csv', encoding };
}
