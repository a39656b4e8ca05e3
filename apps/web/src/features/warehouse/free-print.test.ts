import { describe, expect, it } from 'vitest';
import { headerLine, parseFreeRows } from './free-print';

describe('parseFreeRows', () => {
  it('reads Excel-pasted rows under the Chinese header, any column order, blank cells left out', () => {
    const text = `拿货码\t分拣号\t订单号\t赠品\n202405120001\tB-12\tDF1\t\n202405120002\tB-13\tDF2\t袜子\n`;
    const r = parseFreeRows('backroad', text, '2026-11-23 10:00');
    expect(r.errors).toEqual([]);
    expect(r.data).toEqual([
      { printTime: '2026-11-23 10:00', orderNo: 'DF1', takeCode: '202405120001', sortingNo: 'B-12' },
      { printTime: '2026-11-23 10:00', orderNo: 'DF2', takeCode: '202405120002', sortingNo: 'B-13', gift: '袜子' },
    ]);
  });

  it('turns number columns into integers and reports a bad one by row', () => {
    const r = parseFreeRows('waybill', `${headerLine('waybill')}\nSF1\t顺丰\t林\t138\t地址\t仓\t139\t广州\t衣服\tx`, '');
    expect(r.errors).toEqual(['第1行的件数应为整数：x']);
    const ok = parseFreeRows('waybill', '运单号,件数\nSF1,3', '');
    expect(ok.data[0]).toMatchObject({ trackingNo: 'SF1', itemCount: 3 });
  });

  it('asks for a header when there is none', () => {
    expect(parseFreeRows('headless', '1234\t2026', '').errors[0]).toContain('表头');
    expect(parseFreeRows('headless', 'a\tb\n1\t2', '').errors[0]).toContain('条码号');
  });
});
