/**
 * What the offline returns tell the after-sales built on them (decision 0026, "Returns"), without
 * importing that module: the 退货登记 scan asks it to sign in the after-sales the waybill names, and
 * a return line made for an after-sale reports the stall's answer to it.
 */
import type { HeadlessIntake, HeadlessRegistered, SignedAfterSale } from '@dropship/contract';
import { defineHook } from '../../lib/hooks.js';

export interface ReturnParcelScanned {
  purchaserOrgId: number;
  userId: number;
  /** The scanned code, trimmed and upper-cased. */
  code: string;
  note: string;
  /** The handler appends the after-sales it signed in (or found already signed), answered by the scan. */
  signed: SignedAfterSale[];
}
export const returnParcelScanned = defineHook<ReturnParcelScanned>('offline.returnParcelScanned');

export interface UnmatchedParcelRegistered {
  purchaserOrgId: number;
  userId: number;
  /** The scanned code, trimmed, without spaces, upper-cased. */
  code: string;
  note: string;
  intake: HeadlessIntake;
  /** The handler answers the headless parcel (无头件) it made of the parcel. */
  headless: HeadlessRegistered | null;
}
/** The desk registered a parcel that matched nothing: it becomes a headless parcel, in the registration's transaction. */
export const unmatchedParcelRegistered = defineHook<UnmatchedParcelRegistered>('offline.unmatchedParcelRegistered');

export interface AfterSaleLineAnswered {
  afterSaleId: number;
  sellerOrgId: number;
  purchaserOrgId: number;
  userId: number;
  lineId: number;
  outcome: 'FACTORY_RETURNED' | 'FACTORY_REFUSE';
  /** FACTORY_RETURNED: what the stall refunded for the line (fen). */
  refundFen: number;
  /** FACTORY_REFUSE: the stall's reason. */
  reason: string;
}
/** Runs in the line's transaction; the line is already moved. The after-sale moves the money (once). */
export const afterSaleLineAnswered = defineHook<AfterSaleLineAnswered>('offline.afterSaleLineAnswered');
