/**
 * Demo goods: the shared stall directory (Guangzhou and Hangzhou wholesale markets), the demo
 * seller's suppliers with codes for link rules, a handful of imported orders in its Taobao shop
 * (and one in the expired PDD shop) so association, rules and abnormal orders have real SKUs,
 * and two links made the normal way. Their lines' pictures are the emulator's, served at /demo/pic/.
 */
import type { NormalizedOrder, NormalizedOrderItem } from '@dropship/channels';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stallDirectory, suppliers } from '../goods/goods.table.js';
import * as links from '../goods/goods-links.repository.js';
import { writeLinks } from '../goods/link-writer.js';
import { findSkuIdsByRefs } from '../goods/shop-skus.repository.js';
import { upsertShopOrders } from '../shop-orders/index.js';
import { demoPictureUrl, shops } from '../shops/index.js';

const GZ = '广东省广州市';
const HZ = '浙江省杭州市上城区';
type Stall = typeof stallDirectory.$inferInsert;

const DIRECTORY: Stall[] = [
  {
    market: '广州十三行',
    building: '新中国大厦',
    floor: '3楼',
    stallNo: '3312',
    name: '衣品轩',
    contact: '陈姐',
    phone: '13926015678',
    address: `${GZ}荔湾区人民南路新中国大厦3楼3312档`,
    marketArea: '十三行',
  },
  {
    market: '广州十三行',
    building: '新中国大厦',
    floor: '5楼',
    stallNo: '5A08',
    name: '韩依坊',
    contact: '李生',
    phone: '13711234567',
    address: `${GZ}荔湾区人民南路新中国大厦5楼5A08档`,
    marketArea: '十三行',
  },
  {
    market: '白马服装市场',
    building: '',
    floor: '1楼',
    stallNo: 'F08',
    name: '素言女装',
    contact: '黄小姐',
    phone: '020-83331208',
    address: `${GZ}越秀区站南路16号白马服装市场1楼F08`,
    marketArea: '站西/白马',
  },
  {
    market: '白马服装市场',
    building: '',
    floor: '3楼',
    stallNo: '3C21',
    name: 'LOOK女装',
    contact: '周生',
    phone: '13660601321',
    address: `${GZ}越秀区站南路16号白马服装市场3楼3C21`,
    marketArea: '站西/白马',
  },
  {
    market: '红棉国际时装城',
    building: '',
    floor: '4楼',
    stallNo: '4B12',
    name: '红棉原创',
    contact: '吴姐',
    phone: '13802991412',
    address: `${GZ}越秀区站西路42号红棉国际时装城4楼4B12`,
    marketArea: '站西/白马',
  },
  {
    market: '沙河服装批发市场',
    building: '万佳',
    floor: '2楼',
    stallNo: '2021',
    name: '万佳韩版',
    contact: '林生',
    phone: '13512342021',
    address: `${GZ}天河区沙河濂泉路万佳服装批发市场2楼2021`,
    marketArea: '沙河',
  },
  {
    market: '杭州四季青',
    building: '老四季青',
    floor: '3楼',
    stallNo: 'A312',
    name: '小美档口',
    contact: '王姐',
    phone: '13857101312',
    address: `${HZ}杭海路78号四季青服装市场3楼A312`,
    marketArea: '四季青',
  },
  {
    market: '杭州四季青',
    building: '中洲女装城',
    floor: '2楼',
    stallNo: '2-218',
    name: '中洲·简约',
    contact: '沈小姐',
    phone: '13967112218',
    address: `${HZ}杭海路28号中洲女装城2楼218`,
    marketArea: '四季青',
  },
  {
    market: '杭州四季青',
    building: '意法服饰城',
    floor: '5楼',
    stallNo: '5016',
    name: '意法原创',
    contact: '赵生',
    phone: '13805715016',
    address: `${HZ}杭海路58号意法服饰城5楼5016`,
    marketArea: '四季青',
  },
];

/** Directory stall (by stall number) → the code the demo seller gives it. The last one is disabled. */
const OWN: [string, string][] = [
  ['F08', 'BM1F08'],
  ['3312', 'XZG3312'],
  ['2021', 'SH2021'],
  ['4B12', 'HM4B12'],
];

const item = (
  n: string,
  itemId: string,
  skuId: string,
  title: string,
  spec: string,
  outerSkuCode: string | undefined,
  priceFen: number,
  extra: Partial<NormalizedOrderItem> = {},
): NormalizedOrderItem => ({
  platformItemId: n,
  itemId,
  skuId,
  title,
  spec,
  ...(outerSkuCode ? { outerSkuCode } : {}),
  quantity: 1,
  priceFen,
  paymentFen: priceFen,
  refundState: 'NONE',
  // Our own address of the emulator's picture of the item (its port is unknown at seed time).
  picUrl: demoPictureUrl(itemId),
  ...extra,
});

const SWEATER_BLACK = (n: string, extra?: Partial<NormalizedOrderItem>) =>
  item(n, '680012345601', '5012345601', '秋冬新款高领毛衣女宽松慵懒风', '颜色分类:黑色;尺码:M', 'A312#8801', 8900, extra);
const SWEATER_APRICOT = (n: string) => item(n, '680012345601', '5012345602', '秋冬新款高领毛衣女宽松慵懒风', '颜色分类:杏色;尺码:L', 'A312-8801', 8900);
const DRESS = (n: string) => item(n, '680012345602', '5012345611', '法式碎花连衣裙收腰显瘦', '颜色分类:蓝色碎花;尺码:S', 'XZG3312#D2207', 12900);
const JACKET = (n: string) => item(n, '680012345603', '5012345621', '宽松牛仔外套复古水洗', '颜色分类:浅蓝;尺码:均码', undefined, 15900);
const CARDIGAN = (n: string) => item(n, '680012345604', '5012345631', '针织开衫薄款短外套', '颜色分类:白色;尺码:F', 'BM1F08#K1123', 6900);
const TROUSERS = (n: string) => item(n, '680012345605', '5012345641', '高腰阔腿裤垂感拖地裤', '颜色分类:黑色;尺码:L', 'SH2021#P0913', 7900);
const DOWN = (n: string) => item(n, '680012345606', '5012345651', '短款羽绒服面包服加厚', '颜色分类:米白;尺码:M', 'ZZ999#Y1', 29900);

const receiver = (name: string, phone: string, province: string, city: string, district: string, address: string) => ({
  name,
  phone,
  province,
  city,
  district,
  address,
  encrypted: false,
});

function order(
  id: string,
  hoursAgo: number,
  items: NormalizedOrderItem[],
  r = receiver('林晓', '13800138001', '浙江省', '杭州市', '西湖区', '文三路90号东部软件园1号楼'),
): NormalizedOrder {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const total = items.reduce((s, i) => s + i.paymentFen * i.quantity, 0);
  return {
    platformOrderId: id,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 't**买家',
    receiver: r,
    totalFen: total,
    postFeeFen: 0,
    paymentFen: total,
    createdAt: at,
    paidAt: new Date(at.getTime() + 60_000),
    modifiedAt: new Date(at.getTime() + 120_000),
    items,
  };
}

export async function seedGoods(t: Db, ids: { sellerOrg: number }) {
  const org = ids.sellerOrg;
  const dir = await t.insert(stallDirectory).values(DIRECTORY).returning();
  const byStallNo = new Map(dir.map((d) => [d.stallNo, d]));
  const a312 = byStallNo.get('A312');
  // The shell's seed already made the seller's first supplier; give it its stall fields and code.
  if (a312) {
    const { id: directoryId, status: _s, createdAt: _c, updatedAt: _u, name: _n, ...fields } = a312;
    await t
      .update(suppliers)
      .set({ ...fields, directoryId, code: 'A312', remark: '老客户，月结' })
      .where(and(eq(suppliers.orgId, org), eq(suppliers.name, '四季青 3楼 A312 小美档口')));
  }
  for (const [stallNo, code] of OWN) {
    const d = byStallNo.get(stallNo);
    if (!d) continue;
    const { id: directoryId, createdAt: _c, updatedAt: _u, ...fields } = d;
    await t.insert(suppliers).values({ ...fields, orgId: org, directoryId, code, status: code === 'HM4B12' ? 'DISABLED' : 'ENABLED' });
  }

  const shopRows = await t.select().from(shops).where(eq(shops.orgId, org));
  const taobao = shopRows.find((s) => s.channel === 'TAOBAO');
  const pdd = shopRows.find((s) => s.channel === 'PDD');
  if (!taobao) return;
  const tb = { orgId: org, shopId: taobao.id, channel: 'TAOBAO', source: 'IMPORT' as const };
  await upsertShopOrders(t, tb, [
    order('4012873365501', 30, [SWEATER_BLACK('4012873365501-1')]),
    order(
      '4012873365502',
      28,
      [SWEATER_APRICOT('4012873365502-1'), CARDIGAN('4012873365502-2')],
      receiver('周敏', '13911112222', '江苏省', '南京市', '鼓楼区', '中山北路30号'),
    ),
    order(
      '4012873365503',
      26,
      [{ ...DRESS('4012873365503-1'), quantity: 2, paymentFen: 12900 }],
      receiver('陈静', '13722223333', '广东省', '深圳市', '南山区', '科技园科苑路15号'),
    ),
    order('4012873365504', 20, [JACKET('4012873365504-1')], receiver('王芳', '13633334444', '上海市', '上海市', '浦东新区', '张江路88弄6号')),
    order('4012873365505', 12, [TROUSERS('4012873365505-1')], receiver('刘洋', '13544445555', '北京市', '北京市', '朝阳区', '望京街道阜通东大街6号')),
    order('4012873365506', 8, [CARDIGAN('4012873365506-1')], receiver('赵丽', '13455556666', '四川省', '成都市', '', '天府大道北段1700号')),
    order(
      '4012873365507',
      5,
      [SWEATER_BLACK('4012873365507-1', { refundState: 'REFUNDING' })],
      receiver('孙悦', '13366667777', '湖北省', '武汉市', '洪山区', '珞喻路1037号'),
    ),
    order('4012873365508', 2, [DOWN('4012873365508-1')], receiver('郑爽', '13277778888', '山东省', '青岛市', '市南区', '香港中路10号')),
  ]);
  if (pdd) {
    const pddItem = item('250612-0001-1', '8800001', '88000011', '高腰阔腿裤垂感拖地裤（拼多多）', '黑色,L', undefined, 6900);
    await upsertShopOrders(t, { orgId: org, shopId: pdd.id, channel: 'PDD', source: 'IMPORT' }, [order('250612-000100001', 40, [pddItem])]);
  }

  // Two links made the normal way (cost known), so the association page opens with some linked.
  const own = await t.select().from(suppliers).where(eq(suppliers.orgId, org));
  const code = (c: string) => own.find((s) => s.code === c);
  const [cardigan, trousers] = await findSkuIdsByRefs(t, org, [
    { channel: 'TAOBAO', itemId: '680012345604', skuId: '5012345631' },
    { channel: 'TAOBAO', itemId: '680012345605', skuId: '5012345641' },
  ]);
  const bm = code('BM1F08');
  const sh = code('SH2021');
  const sq = code('A312');
  if (!cardigan || !trousers || !bm || !sh || !sq) return;
  await links.upsertItems(t, org, [{ supplierId: sq.id, artNo: '8801', color: '黑色', size: 'M', costFen: 5900 }]);
  await writeLinks(
    t,
    org,
    [
      { shopSkuId: cardigan, supplierId: bm.id, artNo: 'K1123', color: '白色', size: 'F', costFen: 4500 },
      { shopSkuId: trousers, supplierId: sh.id, artNo: 'P0913', color: '黑色', size: 'L', costFen: 3850 },
    ],
    { source: 'SEED', userId: null, overwrite: false },
    (id) => own.find((s) => s.id === id)?.name ?? '',
  );
}
