import { describe, expect, it } from 'vitest';
import { cellFen, emptyLine, fromDetail, parsePasted, toInput } from './declaration-lines';

describe('declaration lines', () => {
  it('reads rows pasted from Excel, skipping a header row and blank rows', () => {
    const lines = parsePasted(
      '档口\t货号\t颜色\t尺码\t数量\t单价\nBD01\tK2088\t黑色\tM\t2\t35.5\n\n意法服饰,Z1,白,L,1,¥20,周敏,13900139001,浙江省,杭州市,上城区,解放路18号\n',
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ stall: 'BD01', artNo: 'K2088', quantity: '2', price: '35.5', name: '' });
    expect(lines[1]).toMatchObject({ stall: '意法服饰', price: '¥20', name: '周敏', district: '上城区', address: '解放路18号' });
  });

  it('converts yuan to fen exactly, refusing three decimals or words', () => {
    expect(cellFen('35.5')).toBe(3550);
    expect(cellFen('¥0.07')).toBe(7);
    expect(cellFen('1.005')).toBeNull();
    expect(cellFen('十元')).toBeNull();
    expect(cellFen('')).toBeNull();
  });

  it('sends a bad price as typed, never NaN, so the server names the field', () => {
    const l = { ...emptyLine(), stall: 'BD01', artNo: 'K1', price: '1.005' };
    expect(toInput(l, 'SELF_PICKUP').unitPriceFen).toBe('1.005');
    expect(JSON.stringify(toInput({ ...l, price: 'abc' }, 'SELF_PICKUP'))).toContain('"unitPriceFen":"abc"');
  });

  it('shows a saved price in yuan with two decimals', () => {
    const saved = { stall: 'BD01', artNo: 'K1', color: '', size: '', quantity: 1, unitPriceFen: 1005, receiver: null };
    expect(fromDetail(saved).price).toBe('10.05');
  });

  it('sends the receiver only when each line has its own', () => {
    const l = { ...emptyLine(), stall: 'BD01', artNo: 'K1', price: '12', name: '周敏' };
    expect(toInput(l, 'RECEIVER').receiver?.name).toBe('周敏');
    expect(toInput(l, 'SELF_PICKUP')).not.toHaveProperty('receiver');
    expect(toInput(l, 'SELF_PICKUP').unitPriceFen).toBe(1200);
  });
});
