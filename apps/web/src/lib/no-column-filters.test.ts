import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The built pages ship antd's Table without its column-filter dropdown (apps/web/antd-table-trim.ts,
 * decision 0040): a column that filters in its header would throw on its page. Lists filter in the
 * bar above the table (lib/list-page). This keeps every column free of antd's filter props.
 */
const FILTER_ONLY = new Set([
  'filterDropdown',
  'filterDropdownProps',
  'onFilter',
  'filteredValue',
  'defaultFilteredValue',
  'filterIcon',
  'filterMode',
  'filterSearch',
  'filterMultiple',
  'filterOnClose',
  'filterResetToDefaultFilteredValue',
]);
/** Keys that make an object literal a table column, where `filters` and `filtered` are antd's. */
const COLUMN_KEYS = new Set(['dataIndex', 'render', 'title', 'sorter', 'ellipsis']);

const src = path.resolve(import.meta.dirname, '..');
const sources = (readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

/** `file:line property` for every column-filter prop in one source file. */
function columnFilterProps(file: string, text: string): string[] {
  const found: string[] = [];
  const lineOf = (at: number) => text.slice(0, at).split('\n').length;
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'ObjectExpression') {
      const props = (n.properties as Node[]).filter((p) => p.type === 'Property');
      const named = props.map((p) => {
        const key = p.key as Node;
        return { at: p.start, name: key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : '' };
      });
      const isColumn = named.some(({ name }) => COLUMN_KEYS.has(name));
      for (const { at, name } of named)
        if (FILTER_ONLY.has(name) || ((name === 'filters' || name === 'filtered') && isColumn)) found.push(`${file}:${lineOf(at)} ${name}`);
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'type' && v && typeof v === 'object') visit(v);
  };
  visit(parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' }));
  return found;
}

describe('table columns', () => {
  it('use no antd column filter (the build does not ship its dropdown)', () => {
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((f) => columnFilterProps(f, readFileSync(path.join(src, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a column filter where one is written', () => {
    const column = "const c = [{ title: '状态', dataIndex: 'status', filters: [{ text: '待付款', value: 'A' }] }];";
    expect(columnFilterProps('a.tsx', column)).toEqual(['a.tsx:1 filters']);
    expect(columnFilterProps('b.ts', 'const c = { key: "x", onFilter: () => true };')).toEqual(['b.ts:1 onFilter']);
    // A list definition's filters (lib/list-page) are not antd's.
    expect(columnFilterProps('c.ts', 'const LIST = { filters: { keyword: text(40) }, dialogs: [] };')).toEqual([]);
  });
});
