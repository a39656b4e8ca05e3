/**
 * Ticking in the grant tree (antd Tree in checkStrictly mode, so a half-ticked page keeps its own
 * code): ticking a node ticks the pages inside it and the page it sits in; unticking unticks the
 * pages inside it. Group headings are never codes: they show ticked when all their pages are.
 */
import { GROUP_CODE_PREFIX, type PermissionNode } from '@dropship/contract';

const isGroup = (code: string) => code.startsWith(GROUP_CODE_PREFIX);

function descendants(n: PermissionNode): string[] {
  return n.children.flatMap((c) => [c.code, ...descendants(c)]);
}

/** code → the non-group node codes above it. */
function ancestorsOf(tree: PermissionNode[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (nodes: PermissionNode[], above: string[]) => {
    for (const n of nodes) {
      out.set(n.code, above);
      walk(n.children, isGroup(n.code) ? above : [...above, n.code]);
    }
  };
  walk(tree, []);
  return out;
}

function find(tree: PermissionNode[], code: string): PermissionNode | undefined {
  for (const n of tree) {
    if (n.code === code) return n;
    const hit = find(n.children, code);
    if (hit) return hit;
  }
  return undefined;
}

/** The codes after ticking or unticking one node. */
export function toggle(tree: PermissionNode[], codes: string[], code: string, checked: boolean): string[] {
  const node = find(tree, code);
  if (!node) return codes;
  const next = new Set(codes);
  const below = descendants(node).filter((c) => !isGroup(c));
  const self = isGroup(code) ? [] : [code];
  if (checked) for (const c of [...self, ...below, ...(ancestorsOf(tree).get(code) ?? [])]) next.add(c);
  else for (const c of [...self, ...below]) next.delete(c);
  return [...next];
}

/** antd's checkStrictly value: the codes, plus group headings ticked when full and half-ticked when partly. */
export function treeCheckState(tree: PermissionNode[], codes: string[]) {
  const set = new Set(codes);
  const checked = [...codes];
  const halfChecked: string[] = [];
  for (const g of tree.filter((n) => isGroup(n.code))) {
    const pages = descendants(g).filter((c) => !isGroup(c));
    const have = pages.filter((c) => set.has(c)).length;
    if (have === pages.length && have > 0) checked.push(g.code);
    else if (have > 0) halfChecked.push(g.code);
  }
  return { checked, halfChecked };
}
