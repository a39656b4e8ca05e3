/** Pure rules of the import page: which step a job is at, and its result in words. */
import { fenToYuan, IMPORT_FIELD_LABELS, type ImportField, type ImportJobStatus, type ImportJobView, ORDER_IMPORT_LIMITS } from '@dropship/contract';

/** 0 选择文件, 1 识别格式, 2 预览, 3 导入, 4 完成. */
export type StepIndex = 0 | 1 | 2 | 3 | 4;

export function stepOf(status: ImportJobStatus): StepIndex {
  if (status === 'PARSING' || status === 'PREVIEW') return 2;
  if (status === 'IMPORTING') return 3;
  return 4;
}

/** Polls while the server works on the job. */
export const isRunning = (status: ImportJobStatus | undefined) => status === 'PARSING' || status === 'IMPORTING';

export function resultText(j: Pick<ImportJobView, 'imported' | 'updated' | 'skipped' | 'failed'>): string {
  const parts = [`新增 ${j.imported} 单`, `更新 ${j.updated} 单`];
  if (j.skipped) parts.push(`跳过 ${j.skipped} 单（系统中已有更新的订单信息）`);
  if (j.failed) parts.push(`失败 ${j.failed} 单（有错误行）`);
  return parts.join('，');
}

export const LIMITS_TEXT = `支持 .xlsx、.xls、.csv（UTF-8 或 GBK 编码），单个文件不超过 ${ORDER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024}MB、${(ORDER_IMPORT_LIMITS.maxRows / 10_000).toFixed(0)} 万行`;

export const ACCEPT = ORDER_IMPORT_LIMITS.extensions.join(',');

/** Fields offered in the mapping step, required ones first. */
export const MAPPING_FIELDS: { field: ImportField; required: boolean }[] = (
  ['orderNo', 'receiverName', 'receiverPhone', 'province', 'city', 'district', 'address', 'fullAddress'] as ImportField[]
)
  .map((field) => ({ field, required: true }))
  .concat(
    (
      [
        'title',
        'spec',
        'outerCode',
        'quantity',
        'price',
        'payment',
        'postFee',
        'buyerRemark',
        'sellerRemark',
        'paidAt',
        'createdAt',
        'buyerNick',
        'status',
        'subOrderNo',
        'skuId',
        'itemId',
      ] as ImportField[]
    ).map((field) => ({ field, required: false })),
  );

export const fieldLabel = (f: ImportField) => IMPORT_FIELD_LABELS[f];

export const yuan = (fen: number) => fenToYuan(fen);

/** A file the page refuses before sending: wrong extension or over the size limit; null when fine. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!(ORDER_IMPORT_LIMITS.extensions as readonly string[]).includes(ext)) return '只能导入 .xlsx、.xls、.csv 格式的订单文件';
  if (file.size > ORDER_IMPORT_LIMITS.maxFileBytes) return `文件超过 ${ORDER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024}MB，请按付款时间分批导出后再导入`;
  if (file.size === 0) return '文件是空的，请重新导出';
  return null;
}
