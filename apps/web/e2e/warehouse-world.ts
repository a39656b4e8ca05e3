/**
 * The server tests' warehouse world over a browser harness's own server: demo_seller (funded) and
 * demo_purchaser signed in through the API, with the helpers' callers, so a spec prepares its orders
 * the way the server tests do and then drives the pages.
 */
import { callers, fund, orgOf } from '../../server/test/funds-payments-support';
import { login } from '../../server/test/helpers';
import type { WarehouseWorld } from '../../server/test/warehouse-support';
import type { Harness } from './harness';

export async function worldOf(harness: Harness): Promise<WarehouseWorld> {
  const t = { app: harness.serving.app, database: harness.serving.database, config: harness.serving.app.initialConfig as never, close: async () => {} };
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const db = t.database.db;
  const sellerOrg = await orgOf(db, seller);
  await fund(db, sellerOrg, 1_000_000);
  return { t, seller, purchaser, sellerOrg, purchaserOrg: await orgOf(db, purchaser), ...callers(() => t) };
}
