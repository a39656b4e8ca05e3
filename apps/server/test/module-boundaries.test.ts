/**
 * Module boundaries, checked over the import graph of apps/server/src (plain node, no database):
 * - a file of one module imports another module only through that module's index.ts: never its
 *   tables, repositories, route files or any other internal file (table files referencing each other's
 *   tables for foreign keys excepted);
 * - another module's tables (exported by its index.ts for joins) are read, never written: an insert,
 *   update or delete of a row goes through the owning module's own functions;
 * - no import loop between modules (counted by module folder, type-only imports included);
 * - every hook a module declares (lib/hooks.ts) gets its handler in wireModuleHooks().
 * The allowlists below hold what is left to untangle, each entry with its reason; the test also fails
 * when an entry is no longer needed, so the lists only shrink.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireModuleHooks } from '../src/hooks.js';
import { declaredHooks } from '../src/lib/hooks.js';
import { foreignTableWrites, type ImportEdge, importLoops, moduleGraph, readImportGraph, serverSrc } from './module-graph.js';

/**
 * Files outside src/modules that may import module internals. They are the composition root and the
 * aggregators that must see every table, not features.
 */
const ROOT_FILES = new Set([
  // Builds the app: registers each module's routes and plugins and creates the shared gateways.
  'app.ts',
  // Drizzle's schema aggregator: migrations and the typed query builder need every table.
  'db/schema.ts',
  // Starts the server and seeds the demo data.
  'main.ts',
  // What main.ts does before it serves (migrate, seed when empty), without serving.
  'prepare.ts',
]);

/**
 * Modules that may import other modules' internals: the demo seed writes rows of every feature
 * (sellers, orders, money, warehouse) the way a running system would have, so it sees their tables.
 */
const ROOT_MODULES = new Set(['demo']);

/** `from -> to` pairs still importing another module's internals. */
const BOUNDARY_ALLOWLIST = new Set<string>([]);

/**
 * Writes of another module's table still allowed, `file: write(module.table)`, each with its reason.
 */
const WRITE_ALLOWLIST = new Map<string, string>([
  // Decision 0027: a headless parcel is a row of problem_parcels (kind HEADLESS) with the same status
  // set, events and photos; headless-parcel makes and moves its own kind of row in that shared table.
  ['modules/headless-parcel/headless-parcel.repository.ts: insert(problem-parcel.problem_parcels)', 'decision 0027: the HEADLESS rows'],
  ['modules/headless-parcel/headless-parcel.repository.ts: update(problem-parcel.problem_parcels)', 'decision 0027: the HEADLESS rows'],
  ['modules/headless-parcel/photos.repository.ts: insert(problem-parcel.parcel_photos)', 'decision 0027: the parcels share one photo table'],
]);

/** Module edges `a -> b` still closing an import loop; the graph without them must have no loop. */
const LOOP_ALLOWLIST = new Set<string>([]);

const edges = readImportGraph();

/**
 * A table file may reference another module's table file for a foreign key. Table files import only
 * other table files, so they load before any service and an import loop through an index.ts never
 * meets a table that is not yet defined.
 */
const isForeignKey = (e: ImportEdge) => e.from.endsWith('.table.ts') && e.to.endsWith('.table.ts');

function isInternalImport(e: ImportEdge): boolean {
  if (!e.toModule || e.fromModule === e.toModule) return false;
  if (e.fromModule ? ROOT_MODULES.has(e.fromModule) : ROOT_FILES.has(e.from)) return false;
  if (isForeignKey(e)) return false;
  return e.to !== `modules/${e.toModule}/index.ts`;
}

const describeEdge = (e: ImportEdge) => `${e.from} -> ${e.to}`;

describe('module boundaries', () => {
  it('reads the whole source tree', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.fromModule === 'funds' && e.toModule === 'funds')).toBe(true);
  });

  it('imports another module only through its index.ts', () => {
    const violations = [...new Set(edges.filter(isInternalImport).map(describeEdge))];
    const fresh = violations.filter((v) => !BOUNDARY_ALLOWLIST.has(v));
    expect(fresh, 'import from the module index.ts, and export there what other modules may use').toEqual([]);
    const stale = [...BOUNDARY_ALLOWLIST].filter((v) => !violations.includes(v));
    expect(stale, 'these allowlist entries are fixed: remove them').toEqual([]);
  });

  it("writes no other module's table: rows change through their own module", () => {
    const writes = foreignTableWrites()
      .filter((w) => {
        const module = w.file.split('/')[1];
        return w.file.startsWith('modules/') ? !ROOT_MODULES.has(module as string) : !ROOT_FILES.has(w.file);
      })
      .map((w) => `${w.file}: ${w.write}(${w.table})`);
    expect(
      writes.filter((w) => !WRITE_ALLOWLIST.has(w)),
      "export a function from the table's own module and call it",
    ).toEqual([]);
    const stale = [...WRITE_ALLOWLIST.keys()].filter((w) => !writes.includes(w));
    expect(stale, 'these allowlist entries are fixed: remove them').toEqual([]);
  });

  it("finds a write of another module's table where there is one", () => {
    const code = `import { shops } from '../shops/index.js';
      import { eq } from 'drizzle-orm';
      export const forget = (db, id) => db.update(shops).set({ notRemind: true }).where(eq(shops.id, id));
      export const read = (db) => db.select().from(shops);`;
    const abs = path.join(serverSrc, 'modules/shell/probe.ts');
    expect(foreignTableWrites([{ abs, code }])).toEqual([{ file: 'modules/shell/probe.ts', write: 'update', table: 'shops.shops' }]);
    const text = 'import { sql } from "drizzle-orm"; export const forget = (db) => db.execute(sql`update shops set not_remind = true`);';
    expect(foreignTableWrites([{ abs, code: text }])).toEqual([{ file: 'modules/shell/probe.ts', write: 'update', table: 'shops.shops' }]);
  });

  it('keeps table files leaves: they import only other table files', () => {
    const loading = edges.filter((e) => e.from.endsWith('.table.ts') && e.toModule && !e.to.endsWith('.table.ts')).map(describeEdge);
    expect(loading).toEqual([]);
  });

  it('has no import loop between modules', () => {
    const graph = moduleGraph(edges);
    const used = new Set<string>();
    for (const [from, targets] of graph) {
      for (const to of [...targets]) {
        if (LOOP_ALLOWLIST.has(`${from} -> ${to}`)) {
          used.add(`${from} -> ${to}`);
          targets.delete(to);
        }
      }
    }
    expect(importLoops(graph), 'modules depend one way: money, goods and accounts are leaves, orders on them, warehouse on orders').toEqual([]);
    // An entry is still needed only if putting its edge back closes a loop.
    const closesNoLoop = [...used].filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      graph.get(from)?.add(to);
      const loops = importLoops(graph);
      graph.get(from)?.delete(to);
      return loops.length === 0;
    });
    const stale = [...LOOP_ALLOWLIST].filter((e) => !used.has(e)).concat(closesNoLoop);
    expect(stale, 'these allowlist entries are fixed: remove them').toEqual([]);
  });

  it('wires every declared hook in wireModuleHooks()', async () => {
    // Loading the app loads every module, so every hook is declared before the check.
    await import('../src/app.js');
    wireModuleHooks();
    expect(declaredHooks().length).toBeGreaterThan(0);
    expect(
      declaredHooks()
        .filter((h) => !h.wired)
        .map((h) => h.name),
      "register these hooks' handlers in src/hooks.ts",
    ).toEqual([]);
  });
});
