/**
 * POST /api/b2/orders/import/inspect: what an uploaded file is (format, encoding, layout, headers,
 * a few rows) and how its columns map, so the page can show the recognized layout or ask for a
 * mapping before anything is stored.
 */
import { IMPORT_LAYOUT_NAMES, type ImportInspectResult } from '@dropship/contract';
import { sniffFile } from './file-format.js';
import { readHead } from './file-plan.js';
import { detectLayout, indexColumns, mappingOf, suggestMapping } from './layouts.js';
import type { ImportUpload } from './upload.js';
import { cellText } from './values.js';

export async function inspectUpload(upload: ImportUpload): Promise<ImportInspectResult> {
  const head = await readHead(sniffFile(upload.file));
  const detected = detectLayout(head.headers);
  const index = detected ? indexColumns(head.headers, detected.columns) : undefined;
  const layout = detected?.layout ?? 'CUSTOM';
  const shopCol = index?.shopName?.[0];
  const shopName = shopCol === undefined ? '' : cellText(head.samples[0]?.[shopCol]);
  let hint: string | null = null;
  if (layout === 'TAOBAO' && !upload.detailFile) hint = '未附带宝贝报表：每个订单按“宝贝标题”导入为一行商品；附带宝贝报表可导入每件商品的规格和商家编码';
  if (layout === 'TAOBAO_DETAIL') hint = '这是淘宝“宝贝报表”，请上传“订单报表”，宝贝报表可作为附件一起上传';
  return {
    fileName: upload.file.name,
    format: head.file.format,
    encoding: head.file.encoding,
    layout,
    layoutName: IMPORT_LAYOUT_NAMES[layout],
    channel: detected?.channel ?? null,
    headers: head.headers,
    mapping: index ? mappingOf(head.headers, index, head.samples) : suggestMapping(head.headers),
    sampleRows: head.samples.map((row) => head.headers.map((_, i) => cellText(row[i]).slice(0, 100))),
    shopName: shopName || null,
    hint,
  };
}
