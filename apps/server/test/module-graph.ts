/**
 * The server's import graph, read from the source text (no compiler run): every relative import of
 * every .ts file under apps/server/src, resolved to a file, and the module (first folder under
 * src/modules) on each side. Used by module-boundaries.test.ts; plain node, no database. The source
 * is parsed by vite's parser (oxc, through rolldown): the TypeScript compiler in use is the native
 * one, which has no JavaScript API to parse with.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseAst } from 'vite';

export const serverSrc = resolve(dirname(new URL(import.meta.url).pathname), '../src');

export interface ImportEdge {
  /** Importing file, relative to apps/server/src, with forward slashes. */
  from: string;
  /** Imported file, same form. */
  to: string;
  /** Module of each side; null for files outside src/modules (app.ts, db, lib, plugins). */
  fromModule: string | null;
  toModule: string | null;
}

function listTs(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listTs(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const toKey = (abs: string) => relative(serverSrc, abs).split(sep).join('/');

/** `modules/funds/ledger/x.ts` → `funds`; anything outside src/modules → null. */
export function moduleOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** `./x.js` (the ESM spelling the sources use) → the `.ts` file, or `./dir` → `dir/index.ts`. */
function resolveImport(fromAbs: string, spec: string): string | null {
  const base = resolve(dirname(fromAbs), spec);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface AstNode {
  type: string;
  [key: string]: unknown;
}

function walk(node: unknown, visit: (n: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node as AstNode);
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
}

/**
 * The module specifiers a file names: `import … from`, `export … from` (type-only ones too) and
 * dynamic `import('…')` with a literal, wherever it stands.
 */
export function importSpecifiers(code: string, filename: string): string[] {
  const found: string[] = [];
  walk(parseAst(code, { lang: 'ts' }, filename).body, (n) => {
    const declares = n.type === 'ImportDeclaration' || n.type === 'ExportNamedDeclaration' || n.type === 'ExportAllDeclaration';
    const source = n.source as { type?: string; value?: unknown } | undefined;
    if ((declares || n.type === 'ImportExpression') && source?.type === 'Literal' && typeof source.value === 'string') found.push(source.value);
  });
  return found;
}

/** Every relative import (static, `export … from`, type-only and dynamic `import()`) of the server sources. */
export function readImportGraph(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const abs of listTs(serverSrc)) {
    const from = toKey(abs);
    for (const fileName of importSpecifiers(readFileSync(abs, 'utf8'), abs)) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(abs, fileName);
      if (!target) throw new Error(`${from}: cannot resolve ${fileName}`);
      const to = toKey(target);
      edges.push({ from, to, fromModule: moduleOf(from), toModule: moduleOf(to) });
    }
  }
  return edges;
}

/** Module → modules it imports from (self-imports left out). */
export function moduleGraph(edges: ImportEdge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!e.fromModule || !e.toModule || e.fromModule === e.toModule) continue;
    const targets = graph.get(e.fromModule) ?? new Set<string>();
    targets.add(e.toModule);
    graph.set(e.fromModule, targets);
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan): each one is an import loop. */
export function importLoops(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return loops;
}

const nameOf = (n: unknown) => (n as { name?: string; value?: string } | undefined)?.name ?? (n as { value?: string } | undefined)?.value;

/** The tables each module's index.ts exports (re-exports from its `*.table.js` files). */
function exportedTables(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const modules = join(serverSrc, 'modules');
  for (const name of readdirSync(modules)) {
    const index = join(modules, name, 'index.ts');
    if (!existsSync(index)) continue;
    const tables = new Set<string>();
    walk(parseAst(readFileSync(index, 'utf8'), { lang: 'ts' }, index).body, (n) => {
      const source = (n.source as { value?: unknown } | undefined)?.value;
      if (n.type !== 'ExportNamedDeclaration' || typeof source !== 'string' || !source.endsWith('.table.js')) return;
      for (const s of (n.specifiers as AstNode[]) ?? []) tables.add(nameOf(s.exported) as string);
    });
    out.set(name, tables);
  }
  return out;
}

/** The SQL name of every table (`pgTable('name', …)` in a `*.table.ts` file) → its module. */
function tableOwners(): Map<string, string> {
  const out = new Map<string, string>();
  for (const abs of listTs(join(serverSrc, 'modules'))) {
    if (!abs.endsWith('.table.ts')) continue;
    const module = moduleOf(toKey(abs)) as string;
    for (const m of readFileSync(abs, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) out.set(m[1] as string, module);
  }
  return out;
}

/** `insert into x`, `update x`, `delete from x` in a statement's text. */
const RAW_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_0-9]+)"?/gi;

export interface TableWrite {
  /** The writing file, relative to apps/server/src. */
  file: string;
  /** `insert`, `update` or `delete`. */
  write: string;
  /** `module.table` of the table written. */
  table: string;
}

/**
 * Every insert, update or delete (drizzle's `db.insert(t)`, `.update(t)`, `.delete(t)`) of a table a
 * file took from another module's index.ts, and every `insert into` / `update` / `delete from` in a
 * statement's text naming a table another module defines: the tables an index exports are for
 * reading (joins for names), and their rows change only through the owning module's own functions. `sources` defaults
 * to every file of the server.
 */
export function foreignTableWrites(sources = listTs(serverSrc).map((abs) => ({ abs, code: readFileSync(abs, 'utf8') }))): TableWrite[] {
  const tables = exportedTables();
  const owners = tableOwners();
  const out: TableWrite[] = [];
  for (const { abs, code } of sources) {
    const file = toKey(abs);
    const own = moduleOf(file);
    const ast = parseAst(code, { lang: 'ts' }, abs).body;
    // Local name → `module.table` for each table imported from another module's index.
    const foreign = new Map<string, string>();
    walk(ast, (n) => {
      const source = (n.source as { value?: unknown } | undefined)?.value;
      if (n.type !== 'ImportDeclaration' || typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(abs, source);
      const to = target ? toKey(target) : '';
      const module = moduleOf(to);
      if (!module || module === own || to !== `modules/${module}/index.ts`) return;
      for (const s of (n.specifiers as AstNode[]) ?? []) {
        const imported = nameOf(s.imported);
        if (s.type === 'ImportSpecifier' && imported && tables.get(module)?.has(imported)) foreign.set(nameOf(s.local) as string, `${module}.${imported}`);
      }
    });
    // Statements written as text (sql`…`): a write of a table another module's table file defines.
    walk(ast, (n) => {
      if (n.type !== 'TemplateLiteral' || !own) return;
      const text = ((n.quasis as AstNode[]) ?? []).map((q) => (q.value as { raw?: string })?.raw ?? '').join(' ');
      for (const m of text.matchAll(RAW_WRITE)) {
        const owner = owners.get(m[2] as string);
        if (owner && owner !== own) out.push({ file, write: (m[1] as string).split(/\s+/)[0]?.toLowerCase() as string, table: `${owner}.${m[2]}` });
      }
    });
    if (foreign.size === 0) continue;
    walk(ast, (n) => {
      if (n.type !== 'CallExpression') return;
      const callee = n.callee as AstNode;
      const write = callee.type === 'MemberExpression' ? nameOf(callee.property) : undefined;
      const [first] = (n.arguments as AstNode[]) ?? [];
      if (!write || !['insert', 'update', 'delete'].includes(write) || first?.type !== 'Identifier') return;
      const table = foreign.get(nameOf(first) as string);
      if (table) out.push({ file, write, table });
    });
  }
  return out;
}
