/**
 * Column definitions of every Excel export: a Chinese header, an optional width and how a row
 * becomes the cell. Money and times go through the contract's formatters, so a spreadsheet shows
 * the same "12.50" and Beijing "2026-11-20 10:01:00" as the page.
 */
import { beijingDay, beijingTime, fenToYuan } from '@dropship/contract';
import type ExcelJS from 'exceljs';

export interface XlsxColumn<R> {
  header: string;
  width?: number;
  value(row: R): string | number | null;
}

/** What the header row needs of a column (all the Excel thread is sent of it). */
export type ColumnHead = Pick<XlsxColumn<never>, 'header' | 'width'>;

/** Wide enough for the Chinese header when the column names no width. */
const widthOf = (c: ColumnHead) => c.width ?? Math.max(12, c.header.length * 2 + 4);

/** The header row of a sheet: the columns' headers in bold, at their widths. */
export function writeHeader(ws: ExcelJS.Worksheet, columns: readonly ColumnHead[]) {
  ws.columns = columns.map((c) => ({ header: c.header, width: widthOf(c) }));
  ws.getRow(1).font = { bold: true };
}

export const cellsOf = <R>(columns: readonly XlsxColumn<R>[], row: R) => columns.map((c) => c.value(row));

/** Fen as yuan with two decimals; '' for an unknown amount. */
export const yuan = (fen: number | null | undefined): string => (fen === null || fen === undefined ? '' : fenToYuan(fen));

const withWidth = <R>(c: XlsxColumn<R>, width: number | undefined): XlsxColumn<R> => (width === undefined ? c : { ...c, width });

/** A money column: the row's fen written as yuan. */
export const moneyColumn = <R>(header: string, fen: (row: R) => number | null | undefined, width?: number): XlsxColumn<R> =>
  withWidth({ header, value: (r) => yuan(fen(r)) }, width);

/** A time column: the row's instant as Beijing wall time (20 wide: "2026-11-20 10:01:00"). */
export const timeColumn = <R>(header: string, at: (row: R) => string | Date | null | undefined, width = 20): XlsxColumn<R> => ({
  header,
  width,
  value: (r) => beijingTime(at(r)),
});

/** A day column: the row's instant as its Beijing day, "2026-11-20". */
export const dayColumn = <R>(header: string, at: (row: R) => string | Date, width?: number): XlsxColumn<R> =>
  withWidth({ header, value: (r) => beijingDay(at(r)) }, width);
