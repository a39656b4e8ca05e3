/**
 * The multipart body of the import calls: `file` (required), `detailFile` (a Taobao 宝贝报表,
 * optional) and plain fields. Files are read into memory up to the limit (20 MB each, 2 files):
 * enough for 100,000 export rows, and parsing needs random access for .xls anyway.
 */
import { ErrorCode, ORDER_IMPORT_LIMITS } from '@dropship/contract';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { UploadedFile } from './file-format.js';

export const MULTIPART_OPTIONS: FastifyMultipartOptions = {
  limits: { fileSize: ORDER_IMPORT_LIMITS.maxFileBytes, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12, headerPairs: 50 },
};

export interface ImportUpload {
  file: UploadedFile;
  detailFile?: UploadedFile;
  fields: Record<string, string>;
}

const FILE_FIELDS = new Set(['file', 'detailFile']);

function limitError(err: unknown): AppError | undefined {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ErrorCode.ORDER_IMPORT_FILE_TOO_LARGE);
  if (code === 'FST_FILES_LIMIT') return new AppError(ErrorCode.BAD_REQUEST, '一次最多上传订单报表和宝贝报表两个文件');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(ErrorCode.BAD_REQUEST, '上传的表单项过多，请只上传订单文件');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(ErrorCode.BAD_REQUEST, '请以文件上传（multipart/form-data）方式提交订单文件');
  return undefined;
}

/** Reads the whole multipart body; a missing `file` answers 14100, limits answer in Chinese. */
export async function readImportUpload(req: FastifyRequest): Promise<ImportUpload> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.BAD_REQUEST, '请以文件上传（multipart/form-data）方式提交订单文件');
  const files: Record<string, UploadedFile> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!FILE_FIELDS.has(part.fieldname))
          throw new AppError(ErrorCode.BAD_REQUEST, `不认识的文件项“${part.fieldname.slice(0, 20)}”，订单文件请放在 file 项`);
        files[part.fieldname] = { name: part.filename || 'orders', bytes };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    throw limitError(err) ?? err;
  }
  const file = files.file;
  if (!file) throw new AppError(ErrorCode.ORDER_IMPORT_FILE_MISSING);
  return { file, ...(files.detailFile ? { detailFile: files.detailFile } : {}), fields };
}
