/** The seller's offline pickup list (线下拿货单); creating one is dropship-order.service.ts. */
import { maskName, maskPhone, type OfflinePickupQuery } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../plugins/auth.js';
import { allSuppliers } from '../goods/index.js';
import * as repo from './pickup.repository.js';
import { iso, requireSeller } from './rows.js';

type Query = z.output<typeof OfflinePickupQuery>;

export async function pageOfflinePickups(db: Db, caller: Caller, q: Query) {
  requireSeller(caller);
  const f = { orderNo: q.orderNo, status: q.status };
  const total = await repo.countPickups(db, caller.orgId, f);
  const rows = await repo.listPickups(db, caller.orgId, f, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return {
    total,
    list: rows.map((r) => ({
      ...r,
      contactName: maskName(r.contactName),
      contactPhone: maskPhone(r.contactPhone),
      createdAt: r.createdAt.toISOString(),
      paidAt: iso(r.paidAt),
      deliveredAt: iso(r.deliveredAt),
    })),
  };
}

/** The filtered orders for the Excel export (at most 20,000). */
export async function exportOfflinePickups(db: Db, caller: Caller, q: Omit<Query, 'pageNo' | 'pageSize'>) {
  requireSeller(caller);
  return repo.listPickups(db, caller.orgId, { orderNo: q.orderNo, status: q.status }, 20_000, 0);
}

/** The seller's enabled suppliers as the line editor offers them (market, floor and stall unless the name says them). */
export async function offlineSupplierOptions(db: Db, caller: Caller) {
  requireSeller(caller);
  const list = (await allSuppliers(db, caller.orgId)).filter((s) => s.status === 'ENABLED');
  return list.map((s) => ({
    id: s.id,
    name: s.name,
    stallText: !s.stallNo || s.name.includes(s.stallNo) ? '' : [s.market, s.floor, s.stallNo].filter(Boolean).join(' '),
  }));
}
