/**
 * The buyer's return waybill on each platform's own refund row: the emulator writes it under the platform's field
 * names (RETURN_WAYBILL_FIELDS) and the client reads it back into returnWaybillNo / returnCourierName; a row without
 * it reads as none. The whole path (emulator over HTTP, the client's sync) runs in each channel's refund suite.
 */
import { describe, expect, it } from 'vitest';
import { refundFromWire as pddFrom, refundToWire as pddTo } from '../pdd/wire.ts';
import { xhsReturnWire } from '../redbook/view.ts';
import { xhsRefundFromWire } from '../redbook/wire.ts';
import { refundFromWire as tbFrom, refundToWire as tbTo } from '../taobao/wire.ts';
import { refundFromWire as ttFrom, refundToWire as ttTo } from '../tiktok/wire.ts';
import { wdtRefundWire } from '../wdt/view.ts';
import { wdtRefundFromWire } from '../wdt/wire.ts';
import type { ChannelCore } from './emulator-core.ts';
import { RETURN_WAYBILL_FIELDS } from './refund-suite.ts';
import type { MarketplaceChannel, NormalizedRefund } from './types.ts';

/** No stored orders: the views fall back to the refund's own ids. */
const core = { orders: new Map() } as unknown as ChannelCore;
const at = new Date('2026-03-02T02:00:00Z');

type Json = Record<string, unknown>;
const rows: { channel: MarketplaceChannel; status: string; toWire: (r: NormalizedRefund) => unknown; fromWire: (w: unknown) => NormalizedRefund }[] = [
  { channel: 'TAOBAO', status: 'WAIT_SELLER_CONFIRM_GOODS', toWire: tbTo, fromWire: (w) => tbFrom(w as Json) },
  { channel: 'PDD', status: '3', toWire: (r) => pddTo(r, undefined), fromWire: (w) => pddFrom(w as Json) },
  { channel: 'TIKTOK', status: '11', toWire: ttTo, fromWire: (w) => ttFrom(w as Json) },
  { channel: 'REDBOOK', status: '3', toWire: (r) => xhsReturnWire(r, core), fromWire: xhsRefundFromWire },
  { channel: 'WDT', status: '30', toWire: (r) => wdtRefundWire(r, core), fromWire: wdtRefundFromWire },
];

const refund = (status: string, waybill?: { no: string; courier: string }): NormalizedRefund => ({
  platformRefundId: '880001',
  platformOrderId: '990001',
  platformItemId: '770001',
  platformStatus: status,
  state: 'REFUNDING',
  refundFen: 5900,
  reason: '尺码不合适',
  hasGoodReturn: true,
  ...(waybill ? { returnWaybillNo: waybill.no, returnCourierName: waybill.courier } : {}),
  createdAt: at,
  modifiedAt: at,
});

/** A dotted path's value in the wire row. */
const pick = (w: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Json | undefined)?.[k], w);

describe("the buyer's return waybill in each platform's refund row", () => {
  it.each(rows)('$channel: written under its own field names and read back', ({ channel, status, toWire, fromWire }) => {
    const fields = RETURN_WAYBILL_FIELDS[channel];
    if (!fields) throw new Error(`${channel} gives no return waybill`);
    const wire = toWire(refund(status, { no: 'SF1234567890', courier: '顺丰速运' }));
    expect(pick(wire, fields[0])).toBe('SF1234567890');
    expect(pick(wire, fields[1])).toBe('顺丰速运');
    expect(fromWire(wire)).toMatchObject({ returnWaybillNo: 'SF1234567890', returnCourierName: '顺丰速运' });
  });

  it.each(rows)('$channel: a row without it reads as none', ({ channel, status, toWire, fromWire }) => {
    const fields = RETURN_WAYBILL_FIELDS[channel] ?? ['', ''];
    const wire = toWire(refund(status));
    expect(pick(wire, fields[0])).toBeUndefined();
    const read = fromWire(wire);
    expect(read.returnWaybillNo).toBeUndefined();
    expect(read.returnCourierName).toBeUndefined();
  });

  it('every channel without it is named, so the seller fills it in there', () => {
    const without = Object.entries(RETURN_WAYBILL_FIELDS)
      .filter(([, f]) => f === null)
      .map(([c]) => c);
    expect(without.sort()).toEqual(['JD', 'KM', 'KUAISHOU', 'WEIDIAN']);
    expect(rows.map((r) => r.channel).sort()).toEqual(
      Object.keys(RETURN_WAYBILL_FIELDS)
        .filter((c) => !without.includes(c))
        .sort(),
    );
  });
});
