/**
 * exceljs, loaded by the first spreadsheet rather than when the server starts: it adds about 16 MB
 * to the resident memory of a server that may export nothing all day (decision 0043). Node keeps the
 * module once loaded, so later calls cost a lookup.
 */
import type ExcelJS from 'exceljs';

export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
