import { describe, expect, it } from 'vitest';
import type { NormalizedOrder } from './types.ts';
import { emulatorPrintSecret, openPrintData, type PrintContent, sealPrintData, verifyPrintData } from './waybill-print.ts';
import { waybillChannels, waybillClientFor } from './waybill-registry.ts';
import { waybillReceiverHandle } from './waybill-types.ts';

const content: PrintContent = {
  source: 'PDD',
  waybillCode: '78812345678901',
  courierCode: 'ZTO',
  platformCourier: 'ZTO',
  sender: { name: '广州云仓', phone: '13800001111', province: '广东省', city: '广州市', district: '白云区', address: '云仓物流园3号库' },
  receiverHandle: '{"name":"~abc~","phone":"~def~","address":"~ghi~"}',
  receiverMasked: { name: '张**', phone: '138****5678', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路***' },
  platformOrderIds: ['260302-123456789012345'],
  items: [{ name: '连衣裙', count: 1 }],
  issuedAt: '2026-03-02T02:00:00.000Z',
};

describe('platform waybill print data (emulated)', () => {
  it('opens with its source’s secret only; a changed ciphertext or signature fails', () => {
    const secret = emulatorPrintSecret('PDD');
    const pd = sealPrintData(content, 'https://example.invalid/t.xml');
    expect(pd).toMatchObject({ source: 'PDD', templateUrl: 'https://example.invalid/t.xml' });
    expect(pd.encryptedData).not.toContain('78812345678901');
    expect(openPrintData(pd, secret)).toEqual(content);
    expect(openPrintData(pd, emulatorPrintSecret('CAINIAO'))).toBeUndefined();
    const flipped = Buffer.from(pd.encryptedData, 'base64');
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 1;
    expect(verifyPrintData({ ...pd, encryptedData: flipped.toString('base64') }, secret)).toBe(false);
    expect(verifyPrintData({ ...pd, source: 'TIKTOK' }, secret)).toBe(false);
    expect(emulatorPrintSecret('PDD')).toBe(secret);
  });
});

describe('waybill receiver handle and registry', () => {
  const receiver: NormalizedOrder['receiver'] = {
    name: '张**',
    phone: '138****5678',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    address: '文三路***',
    encrypted: true,
  };
  it('is the decrypt handle, the ciphertext fields when the platform sends those (JD), and nothing for a plain receiver', () => {
    expect(waybillReceiverHandle({ receiver: { ...receiver, decryptHandle: 'oaid-1' } } as NormalizedOrder)).toBe('oaid-1');
    expect(JSON.parse(waybillReceiverHandle({ receiver } as NormalizedOrder) ?? '')).toEqual({ name: '张**', phone: '138****5678', address: '文三路***' });
    expect(waybillReceiverHandle({ receiver: { ...receiver, encrypted: false } } as NormalizedOrder)).toBeUndefined();
  });
  it('has a client for the six platforms that issue waybills and says what to do for the others', () => {
    expect(waybillChannels().sort()).toEqual(['JD', 'KUAISHOU', 'PDD', 'REDBOOK', 'TAOBAO', 'TIKTOK']);
    const endpoint = { gatewayUrl: 'http://127.0.0.1:1', appKey: 'k', appSecret: 's' };
    expect(waybillClientFor('TIKTOK', endpoint)).toMatchObject({ source: 'TIKTOK', batchMax: 50 });
    expect(() => waybillClientFor('WEIDIAN', endpoint)).toThrow('快递100');
  });
});
