/**
 * 旧余额: the balance an organisation kept in the previous system, shown until it is moved into the
 * ledger, which happens once (BALANCE_MIGRATE, request key migrate:<orgId>) in the same transaction
 * that marks the legacy row migrated.
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../lib/app-error.js';
import { moveMoney } from '../ledger/ledger.service.js';
import * as repo from './old-balance.repository.js';

export async function oldBalance(db: Db, orgId: number) {
  const row = await repo.findLegacy(db, orgId);
  if (!row) return { amountFen: 0, migrated: false, migratedAt: null };
  return { amountFen: row.amountFen, migrated: row.migratedAt !== null, migratedAt: row.migratedAt?.toISOString() ?? null };
}

/**
 * Moves the legacy balance into the ledger, once. A second call (or a concurrent one, which waits
 * on the row lock) answers alreadyMigrated with nothing moved.
 */
export async function migrateOldBalance(db: Db, orgId: number): Promise<{ movedFen: number; alreadyMigrated: boolean }> {
  return inTransaction(db, async (t) => {
    const row = await repo.lockLegacy(t, orgId);
    if (!row || row.amountFen === 0) throw new AppError(ErrorCode.STATE_CONFLICT, '没有需要迁移的旧余额');
    if (row.migratedAt) return { movedFen: 0, alreadyMigrated: true };
    // moveMoney runs as a savepoint of this transaction: the entry and the mark commit together or not at all.
    const moved = await moveMoney(t, {
      orgId,
      transactionType: 'BALANCE_MIGRATE',
      purpose: 'OTHER',
      availableDeltaFen: row.amountFen,
      businessId: `legacy:${orgId}`,
      requestKey: `migrate:${orgId}`,
      remark: '旧系统余额迁移',
    });
    await repo.markMigrated(t, orgId);
    return { movedFen: moved.replayed ? 0 : row.amountFen, alreadyMigrated: moved.replayed };
  });
}
