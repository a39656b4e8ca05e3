/** Funds: the balance and the ledger check (DOMAIN.md "Money"). Money is integer fen everywhere. */
import { z } from 'zod';

export const BalanceResult = z.object({
  /** Spendable, in fen. */
  available: z.number().int(),
  /** Held for withdrawals under review and similar, in fen. */
  frozen: z.number().int(),
});

export const LedgerCheckResult = z.object({
  accounts: z.number().int(),
  entries: z.number().int(),
  /** Accounts whose balances differ from the sum of their entries, or whose entries' running balances break. */
  mismatches: z.array(z.object({ orgId: z.number(), reason: z.string() })),
});
