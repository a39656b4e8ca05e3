/** Records → the contract's rows (times as ISO strings), and the caller checks shared by the offline services. */
import { ErrorCode, type OfflineReturnLineRow, type ReturnToFactoryStatus } from '@dropship/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import type { LineRecord } from './returns.repository.js';

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the return storage tag's QR code and return code carry: stable per line, readable at the shelf. */
export const returnCodeOf = (lineId: number) => `TH${String(lineId).padStart(8, '0')}`;

/** Where the picker goes: market, floor and stall number before the name, unless the name already says them. */
export function stallTextOf(l: Pick<LineRecord, 'market' | 'floor' | 'stallNo' | 'stallName'>) {
  if (!l.stallNo || l.stallName.includes(l.stallNo)) return l.stallName;
  return [l.market, l.floor, l.stallNo, l.stallName].filter(Boolean).join(' ');
}

export function lineRow(l: LineRecord): OfflineReturnLineRow {
  return {
    id: l.id,
    returnOrderId: l.returnOrderId,
    returnNo: l.returnNo,
    returnCode: returnCodeOf(l.id),
    lineNo: l.lineNo,
    supplierId: l.supplierId,
    stallName: l.stallName,
    stallText: stallTextOf(l),
    manufacturerAddress: l.manufacturerAddress,
    artNo: l.artNo,
    color: l.color,
    size: l.size,
    quantity: l.quantity,
    unitPriceFen: l.unitPriceFen,
    status: l.status as z.infer<typeof ReturnToFactoryStatus> | null,
    pickerUserId: l.pickerUserId,
    pickerName: l.pickerName,
    refundFen: l.refundFen,
    serviceFeeFen: l.serviceFeeFen,
    note: l.note,
    waybillNo: l.waybillNo,
    sellerName: l.sellerName,
    registeredAt: iso(l.registeredAt),
    finishedAt: iso(l.finishedAt),
    afterSaleId: l.afterSaleId,
    afterSaleNo: l.afterSaleNo ?? null,
    afterSaleReturnStatus: l.afterSaleReturnStatus ?? null,
  };
}

export function requireSeller(caller: Caller) {
  if (caller.orgType !== 'seller') throw new AppError(ErrorCode.FORBIDDEN, '线下拿货单、线下退货单只能由卖家账号操作', 403);
}

export function requirePurchaser(caller: Caller) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
}
