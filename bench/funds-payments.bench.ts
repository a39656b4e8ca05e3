/**
 * Payments per second through the ledger's moveMoney, against a bare single-row UPDATE of the same
 * account rows through the same driver, in the same run.
 *
 *   npx tsx bench/funds-payments.bench.ts                      # PGlite in memory
 *   DATABASE_URL=postgres://… npx tsx bench/funds-payments.bench.ts   # a THROWAWAY PostgreSQL database
 *
 * Two shapes: one hot account (every payment of one tenant, serialised by its row lock) and the
 * same number spread over 100 accounts. "Ours" is a whole payment through moveMoney: one statement
 * that locks the account, appends the entry unless the request key was used or a balance would go
 * negative, and sets the balances (the lock-and-look fallback runs only for the first movement of
 * each account). The baseline is `UPDATE accounts SET available_fen = available_fen - 1 WHERE
 * org_id = $1` with the same concurrency: the least any payment must cost. The ratio is how many
 * bare updates fit in the time of one payment.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createOrganisation } from '../apps/server/src/modules/auth/accounts.ts';
import { moveMoney } from '../apps/server/src/modules/funds/ledger/ledger.service.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const RUNS = 3;
const ACCOUNTS = 100;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined });
const db = database.db;
const tag = `bench-${Date.now().toString(36)}`;
const orgs: number[] = [];
for (let i = 0; i < ACCOUNTS; i++) {
  const orgId = await createOrganisation(db, { type: 'seller', name: `${tag}-${i}` });
  // Enough for every payment and every bare decrement of every run: the CHECK never refuses.
  await moveMoney(db, { orgId, transactionType: 'RECHARGE', purpose: 'OTHER', availableDeltaFen: 1_000_000_000, requestKey: `${tag}-fund` });
  orgs.push(orgId);
}

/** Runs `n` calls of `fn(i)` with `CONCURRENCY` callers; answers calls per second. */
async function rate(n: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await fn(next++);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

let seq = 0;
const pay = (orgId: number) =>
  moveMoney(db, { orgId, transactionType: 'ORDER', purpose: 'ORDER', availableDeltaFen: -1, requestKey: `${tag}-${++seq}`, businessId: `DF${seq}` });
const bare = (orgId: number) => db.execute(sql`UPDATE accounts SET available_fen = available_fen - 1 WHERE org_id = ${orgId}`);

const shapes = {
  'one hot account': (_i: number) => orgs[0] as number,
  [`spread over ${ACCOUNTS} accounts`]: (i: number) => orgs[i % ACCOUNTS] as number,
};

// Warm-up: JIT, prepared plans, the driver's pool.
await rate(200, (i) => pay(orgs[i % ACCOUNTS] as number));
await rate(200, (i) => bare(orgs[i % ACCOUNTS] as number));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(
  `funds payments: ${PAYMENTS} payments of 1 fen per run, ${RUNS} runs, ${CONCURRENCY} concurrent callers, ${database.kind} (node ${process.version})`,
);
for (const [name, orgOf] of Object.entries(shapes)) {
  const ours: number[] = [];
  const base: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    // Alternate the order so neither side always runs on a warmer cache.
    if (r % 2 === 0) {
      ours.push(await rate(PAYMENTS, (i) => pay(orgOf(i))));
      base.push(await rate(PAYMENTS, (i) => bare(orgOf(i))));
    } else {
      base.push(await rate(PAYMENTS, (i) => bare(orgOf(i))));
      ours.push(await rate(PAYMENTS, (i) => pay(orgOf(i))));
    }
  }
  const o = median(ours);
  const b = median(base);
  console.log(`  ${name}:`);
  console.log(`    moveMoney payments:   ${o.toFixed(0).padStart(6)} /s median (best ${Math.max(...ours).toFixed(0)} /s)`);
  console.log(`    bare single UPDATE:   ${b.toFixed(0).padStart(6)} /s median (best ${Math.max(...base).toFixed(0)} /s)`);
  console.log(`    ratio bare / ours:    ${(b / o).toFixed(2)}× (a payment costs ${(b / o).toFixed(1)} bare updates)`);
}
await database.close();
