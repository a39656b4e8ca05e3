/**
 * Which columns of a list a user has hidden, remembered in local storage per list and per account
 * (two people on one computer keep their own choice). Pure helpers, so the rules are unit-tested.
 */
import { STORAGE_KEYS } from '@dropship/contract';

export interface SettableColumn {
  key?: unknown;
  dataIndex?: unknown;
  title?: unknown;
  fixed?: unknown;
}

/** A column's stable name: its key, else its dataIndex, else its title text. */
export function columnKey(c: SettableColumn): string {
  if (c.key !== undefined && c.key !== null) return String(c.key);
  if (c.dataIndex !== undefined && c.dataIndex !== null) return Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex);
  return typeof c.title === 'string' ? c.title : '';
}

/** The 操作 column (key 'actions') always stays: without it a row cannot be acted on. */
export const canHide = (c: SettableColumn) => columnKey(c) !== 'actions' && columnKey(c) !== '';

export function storageKeyOf(listKey: string, account = localStorage.getItem(STORAGE_KEYS.userId) ?? '') {
  return `columns:${listKey}:${account}`;
}

export function readHidden(storageKey: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    // A value written by hand or by an older page: start from every column shown.
    return [];
  }
}

export function writeHidden(storageKey: string, hidden: string[]) {
  if (hidden.length === 0) localStorage.removeItem(storageKey);
  else localStorage.setItem(storageKey, JSON.stringify(hidden));
}

export function visibleColumns<C extends SettableColumn>(columns: readonly C[], hidden: readonly string[]): C[] {
  const off = new Set(hidden);
  return columns.filter((c) => !canHide(c) || !off.has(columnKey(c)));
}
