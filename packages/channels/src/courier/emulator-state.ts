/**
 * What the Kuaidi100 emulator remembers: the waybills it issued (unique per company, in each
 * company's number format) and the trace each parcel shows, which advances with the clock:
 * 揽收 at issue, then 在途 twice, 派件, and 签收 (state 3, ischeck 1) after five steps.
 */
import { randomInt } from 'node:crypto';
import { WAYBILL_FORMATS } from './codes.ts';

export interface EmulatorWaybill {
  com: string;
  trackingNo: string;
  orderId: string;
  taskId: string;
  receiverMobile: string;
  senderMobile: string;
  receiverAddr: string;
  senderAddr: string;
  issuedAt: number;
  /** Given back (电子面单取消): the number is dead and cannot be cancelled again. */
  cancelledAt?: number;
}

const STEPS: { state: string; status: string; text: (w: EmulatorWaybill) => string }[] = [
  { state: '1', status: '揽收', text: (w) => `【${cityOf(w.senderAddr)}】快件已由业务员揽收` },
  { state: '0', status: '在途', text: (w) => `【${cityOf(w.senderAddr)}转运中心】快件已发出，下一站【${cityOf(w.receiverAddr)}转运中心】` },
  { state: '0', status: '在途', text: (w) => `【${cityOf(w.receiverAddr)}转运中心】快件已到达` },
  { state: '5', status: '派件', text: (w) => `【${cityOf(w.receiverAddr)}】快递员正在派件，电话：138****0000` },
  { state: '3', status: '签收', text: () => '您的快件已签收，签收人：本人，感谢使用' },
];

function cityOf(addr: string): string {
  return /^(.+?(?:市|州|盟|地区))/.exec(addr.replace(/^.+?省/, ''))?.[1] ?? addr.slice(0, 6);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Beijing time text as Kuaidi100 prints it. */
export function chinaTime(ms: number): string {
  const d = new Date(ms + 8 * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export class CourierEmulatorState {
  readonly waybills = new Map<string, EmulatorWaybill>();

  constructor(private readonly stepMs: number) {}

  /** A fresh number in the company's format, never one issued before. */
  newNumber(com: string): string {
    const f = WAYBILL_FORMATS[com] ?? { prefix: '', digits: 12 };
    for (;;) {
      let digits = '';
      while (digits.length < f.digits) digits += String(randomInt(10));
      const no = `${f.prefix}${digits}`;
      if (!this.waybills.has(no)) return no;
    }
  }

  issue(w: Omit<EmulatorWaybill, 'trackingNo' | 'taskId'>): EmulatorWaybill {
    const full = { ...w, trackingNo: this.newNumber(w.com), taskId: `T${w.issuedAt}${randomInt(1_000_000)}` };
    this.waybills.set(full.trackingNo, full);
    return full;
  }

  /** Trace lines shown at `at`, newest first, and the state of the newest. */
  trace(w: EmulatorWaybill, at: number) {
    const shown = Math.min(STEPS.length, Math.floor((at - w.issuedAt) / this.stepMs) + 1);
    const lines = STEPS.slice(0, Math.max(shown, 0)).map((s, i) => ({
      time: chinaTime(w.issuedAt + i * this.stepMs),
      context: s.text(w),
      status: s.status,
      state: s.state,
    }));
    lines.reverse();
    return { state: lines[0]?.state ?? '1', signed: lines[0]?.state === '3', lines };
  }
}
