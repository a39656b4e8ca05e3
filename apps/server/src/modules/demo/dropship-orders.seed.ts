/**
 * Demo dropship orders, placed and cancelled through the real operations: demo_purchaser serves
 * demo_seller; the seller's linked trousers order (4012873365505) waits for payment, and the
 * cardigan order (4012873365506, its missing district filled in on the place page) was placed and
 * cancelled. Nothing is paid: paying would move demo money and mark the shop orders PLACED, and
 * the other capabilities' demo data (abnormal orders, a zero balance) rely on neither happening
 * (docs/decisions/0010-dropship-orders.md).
 */
import type { OrgType } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { cancelDropshipOrder } from '../dropship-orders/change/change.service.js';
import { createDropshipOrders } from '../dropship-orders/place/create.service.js';
import * as src from '../dropship-orders/place/shop-source.repository.js';
import { assignServingPurchaser } from '../take-assignment/index.js';

export async function seedDropshipOrders(t: Db, ids: { sellerOrg: number; sellerId: number; purchaserOrg: number }) {
  await assignServingPurchaser(t, ids.sellerOrg, ids.purchaserOrg);
  const caller = { orgId: ids.sellerOrg, userId: ids.sellerId, orgType: 'seller' as OrgType, isMain: true, sessionId: 0 };
  const wanted = await src.shopOrderIdsByPlatformIds(t, ids.sellerOrg, ['4012873365505', '4012873365506']);
  const trousers = wanted.get('4012873365505');
  const cardigan = wanted.get('4012873365506');
  // Only when the goods seed made these orders and their links (it may change): otherwise no demo orders.
  if (!trousers || !cardigan) return;
  const receiver = { name: '刘洋', phone: '13544445555', province: '北京市', city: '北京市', district: '朝阳区', address: '望京街道阜通东大街6号' };
  await createDropshipOrders(t, caller, {
    orders: [{ shopOrderId: trousers, receiver, expressCode: 'ZTO', remark: '老客户，请用中通' }],
    confirmDuplicate: false,
  });
  const placed = await createDropshipOrders(t, caller, {
    orders: [
      {
        shopOrderId: cardigan,
        receiver: { name: '赵丽', phone: '13455556666', province: '四川省', city: '成都市', district: '武侯区', address: '天府大道北段1700号' },
        expressCode: 'YTO',
        remark: '',
      },
    ],
    confirmDuplicate: false,
  });
  const first = placed.orders[0];
  if (first) await cancelDropshipOrder(t, caller, first.id, '买家申请退款，取消代发');
}
