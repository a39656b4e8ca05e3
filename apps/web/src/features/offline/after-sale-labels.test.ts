import type { OfflineReturnLineRow } from '@dropship/contract';
import { afterSaleSchema, returnSchema } from '@dropship/labels';
import { describe, expect, it } from 'vitest';
import { afterSaleLabelData, returnLabelData } from './after-sale-labels';

const line: OfflineReturnLineRow = {
  id: 7,
  returnOrderId: 3,
  returnNo: 'XT261126000001',
  returnCode: 'TH00000007',
  lineNo: 1,
  supplierId: 2,
  stallName: '退货测试档口',
  stallText: '广州十三行 3楼 T1 退货测试档口',
  manufacturerAddress: '广州市越秀区十三行路1号',
  artNo: 'K2031',
  color: '黑色',
  size: 'M',
  quantity: 2,
  unitPriceFen: 3000,
  status: 'WAIT_FACTORY',
  pickerUserId: 5,
  pickerName: '拿货员甲',
  refundFen: 0,
  serviceFeeFen: 0,
  note: '',
  waybillNo: 'SF8800000001',
  sellerName: '演示卖家',
  registeredAt: null,
  finishedAt: null,
  afterSaleId: 11,
  afterSaleNo: 'AS26112600000011',
  afterSaleReturnStatus: 'WAIT_FACTORY',
};

describe('after-sale return labels', () => {
  it('the after-sale label carries the after-sale number in its QR and passes the label schema', () => {
    const [d] = afterSaleLabelData([
      {
        id: 11,
        afterSaleNo: 'AS26112600000011',
        sellerName: '演示卖家',
        orderNo: 'DF2611260001',
        artNo: 'K2031 黑色 M',
        quantity: 2,
        alreadyRegistered: false,
      },
    ]);
    expect(afterSaleSchema.parse(d)).toMatchObject({ qrContent: 'AS26112600000011', orderNo: 'DF2611260001', quantity: 2 });
  });

  it('the return label names the after-sale and the stall and passes the label schema', () => {
    const [d] = returnLabelData([line]);
    expect(returnSchema.parse(d)).toMatchObject({ dropshipOrderNo: 'AS26112600000011', productInfo: expect.stringContaining('K2031'), priceFen: 3000 });
    expect(returnLabelData([{ ...line, afterSaleNo: null }])[0]?.dropshipOrderNo).toBe('XT261126000001');
  });
});
