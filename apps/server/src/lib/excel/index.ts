/**
 * The Excel writer every export uses: column definitions with money and Beijing-time cells, the
 * streaming writer (large lists, read page by page) and the in-memory one (bounded sheets, footers),
 * and the download. Cell text comes from the contract's formatters, as on the pages.
 */
export { beijingTime } from '@dropship/contract';
export { dayColumn, moneyColumn, timeColumn, type XlsxColumn, yuan } from './columns.js';
export { loadExcelJS } from './exceljs.js';
export { sendXlsx, XLSX_TYPE } from './send.js';
export { EXPORT_CHUNK, keysetPages, sendXlsxStream, writeXlsx, type XlsxSheet } from './stream.js';
export { type Sheet, sendExcel, workbookBytes } from './workbook.js';
