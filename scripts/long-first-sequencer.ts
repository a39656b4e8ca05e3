/**
 * The order test files start in: the longest first, so the last minutes of a phase do not leave
 * one worker running a long file alone while the other has nothing left.
 *
 * vitest orders a project's files by their durations in its results cache, longest first, but a
 * clean clone (CI) has no cache, and vitest then falls back to file size, which knows nothing of a
 * file's time: the OpenAPI gate and `shell-routes-*` started halfway through their phase. Files
 * named below start first, in this order (seconds of a clean-clone CI run, the larger of the two
 * databases for server files); every other file keeps vitest's order after them. With a cache
 * (local runs) vitest's own measured order is kept as it is. Only an order: which files run, and how,
 * is unchanged.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a file took in a clean-clone `.ci/run`, by project and path (a rough guide is enough). */
const LONG_FILES: Record<string, Record<string, number>> = {
  server: {
    // Clean-clone run of 2026-11-26 (PGlite, the PostgreSQL pass beside it).
    'apps/server/test/openapi-gate.test.ts': 297,
    'apps/server/test/durability.test.ts': 107,
    // PostgreSQL pass only: 56 s alone at load 13-15 (two servers starting from their sources, about 40 s of it).
    'apps/server/test/two-processes.test.ts': 60,
    'apps/server/test/after-sales-random.test.ts': 91,
    'apps/server/test/funds-random.test.ts': 85,
    'apps/server/test/order-import.test.ts': 49,
    'apps/server/test/warehouse-merge.test.ts': 32,
    'apps/server/test/warehouse-marketplace.test.ts': 26,
    'apps/server/test/dropship-orders.test.ts': 26,
    'apps/server/test/dropship-orders-encrypted.test.ts': 25,
    'apps/server/test/shop-orders-list.test.ts': 25,
  },
  e2e: {
    // 2026-11-26: the loop's money steps now go through the pages (103 s before that, clean clone).
    'apps/web/e2e/whole-loop.spec.ts': 120,
    // first-day.spec (219 s beside one other spec) in two files: the four accounts' menu walks, and the rest.
    'apps/web/e2e/first-day-menus.spec.ts': 75,
    'apps/web/e2e/first-day.spec.ts': 60,
    // Six channels synced, placed, scanned and shipped back in one test (about a third of 200 s measured under load).
    'apps/web/e2e/marketplace-channels.spec.ts': 70,
    // Half each of shell.spec's 129 s route walk before it was split.
    'apps/web/e2e/shell-routes-www.spec.ts': 60,
    'apps/web/e2e/shell-routes-second.spec.ts': 60,
    'apps/web/e2e/after-sale-returns.spec.ts': 58,
    // Measured under load beside after-sale-returns (201 s there): scaled to its 58.
    'apps/web/e2e/problem-parcels.spec.ts': 57,
    'apps/web/e2e/work-orders.spec.ts': 45,
    'apps/web/e2e/declarations.spec.ts': 46,
    'apps/web/e2e/printing.spec.ts': 43,
    'apps/web/e2e/labels-designer.spec.ts': 36,
    'apps/web/e2e/funds-records.spec.ts': 36,
    'apps/web/e2e/goods.spec.ts': 34,
    'apps/web/e2e/shell-params.spec.ts': 32,
    'apps/web/e2e/offline.spec.ts': 31,
    // New at 2026-11-26's second stop; guessed from their steps (a paid world each, a phone step).
    'apps/web/e2e/after-sale-exchange.spec.ts': 50,
    'apps/web/e2e/statistics-profit.spec.ts': 40,
  },
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const relative = (spec: TestSpecification) => spec.moduleId.slice(root.length + 1);
    // A cache that knows every file's duration already ordered them by it (vitest's own sort).
    const cached = sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(spec)}`));
    if (cached) return sorted;
    const weight = (spec: TestSpecification) => LONG_FILES[spec.project.name]?.[relative(spec)] ?? 0;
    const projectRank = new Map<string, number>();
    for (const spec of sorted) if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, projectRank.size);
    // Stable: projects stay in vitest's order; within one, named files first, the rest as vitest had them.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => (projectRank.get(a.spec.project.name) ?? 0) - (projectRank.get(b.spec.project.name) ?? 0) || weight(b.spec) - weight(a.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
