/** The area tree as antd Cascader options: by name (what orders store) or by division code. */
import type { AreaTree } from '@dropship/contract';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

export type AreaValueType = 'name' | 'code';

export function toCascaderOptions(tree: AreaTree, valueType: AreaValueType = 'name'): AreaOption[] {
  const v = (n: { code: string; name: string }) => (valueType === 'code' ? n.code : n.name);
  return tree.map((p) => ({
    value: v(p),
    label: p.name,
    children: p.children.map((c) => ({ value: v(c), label: c.name, children: c.children.map((d) => ({ value: v(d), label: d.name })) })),
  }));
}

/** The codes of a name path (or the names of a code path) in the tree; empty when not found. */
export function otherPath(tree: AreaTree, path: readonly string[], from: AreaValueType): string[] {
  const key = (n: { code: string; name: string }) => (from === 'code' ? n.code : n.name);
  const out: string[] = [];
  let level: { code: string; name: string; children?: unknown }[] = tree;
  for (const part of path) {
    const node = level.find((n) => key(n) === part);
    if (!node) return [];
    out.push(from === 'code' ? node.name : node.code);
    level = (node.children as typeof level | undefined) ?? [];
  }
  return out;
}
