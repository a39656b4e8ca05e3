/**
 * Demo data for an empty database (SEED_DEMO=0 turns it off): one seller, one purchaser with a
 * picker sub-account, an operator, and enough shops, parcels and messages that the shell's
 * dialogs and badges show something real.
 */
import { OPERATOR_ROLES } from '@dropship/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { wireModuleHooks } from '../../hooks.js';
import { createRole } from '../account-permission/index.js';
import { createOrganisation, createUser } from '../auth/accounts.js';
import { organisations } from '../auth/auth.table.js';
import { replenishRequests } from '../funds/replenish/replenish.table.js';
import { suppliers } from '../goods/goods.table.js';
import { memberPlans } from '../membership/membership.table.js';
import { messages } from '../messages/messages.table.js';
import { openProblemParcel } from '../problem-parcel/problem-parcel.service.js';
import { problemParcels } from '../problem-parcel/problem-parcel.table.js';
import { shops } from '../shops/shops.table.js';
import { appVersions } from '../system/system.table.js';
import { seedDropshipOrders } from './dropship-orders.seed.js';
import { seedFundsRecords } from './funds-records.seed.js';
import { seedGoods } from './goods.seed.js';
import { seedOffline } from './offline.seed.js';
import { seedWarehouse } from './warehouse.seed.js';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = ['demo_seller', 'demo_purchaser', 'demo_picker', 'demo_operator'] as const;

/** The picker's role: what a picker needs on the second variant, and nothing of the offline work. */
export const PICKER_CODES = ['home', 'statistics/orderTakeStatistics', 'statistics/outStock', 'print/scanPrint', 'offlineReturnOrder/pickup', 'picker'];

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

export async function isEmpty(db: Db) {
  const [r] = await db.select({ n: count() }).from(organisations);
  return (r?.n ?? 0) === 0;
}

/** The advisory lock the seed is taken under (727001 is the migrations'). */
const SEED_LOCK = 727002;

/**
 * Seeds the demo data when the database is empty; answers whether it did. Several processes may start
 * together on one empty PostgreSQL: each waits for the lock, and the ones after the first find the
 * database seeded. Without it, each saw it empty, and all but one failed to start on the seed's
 * unique account names.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return inTransaction(db, async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(t))) return false;
    await seedDemo(t);
    return true;
  });
}

export async function seedDemo(db: Db) {
  // The seed runs before any app is built (serve.ts, prepare.ts) and goes through hook-emitting operations.
  wireModuleHooks();
  await inTransaction(db, async (t) => {
    const operatorOrg = await createOrganisation(t, { type: 'operator', name: '平台运营' });
    await createUser(t, { orgId: operatorOrg, username: 'demo_operator', password: DEMO_PASSWORD, isMain: true });
    // The operator roles, ready for the operator's sub-accounts (the main account holds every console code).
    for (const role of Object.values(OPERATOR_ROLES)) await createRole(t, operatorOrg, role.name, role.codes, []);

    const sellerOrg = await createOrganisation(t, { type: 'seller', name: '杭州小美服饰', source: 'MAIN_WEB' });
    // The demo seller stands for a customer from the old system (it has an old balance to migrate), so
    // its account predates the 2025-01-09 menu change and the shell's tours about it apply.
    const sellerId = await createUser(t, {
      orgId: sellerOrg,
      username: 'demo_seller',
      password: DEMO_PASSWORD,
      isMain: true,
      phone: '13812345678',
      createdAt: new Date('2024-06-01T00:00:00+08:00'),
    });

    const purchaserOrg = await createOrganisation(t, { type: 'purchaser', name: '广州白马拿货服务' });
    await createUser(t, { orgId: purchaserOrg, username: 'demo_purchaser', password: DEMO_PASSWORD, isMain: true });
    const pickerId = await createUser(t, {
      orgId: purchaserOrg,
      username: 'demo_picker',
      password: DEMO_PASSWORD,
      isMain: false,
      manualDeliveryPermission: '0',
    });
    await createRole(t, purchaserOrg, '拿货员', PICKER_CODES, [pickerId]);

    await t.insert(shops).values([
      { orgId: sellerOrg, channel: 'TAOBAO', name: '小美女装旗舰店', platformShopId: 'tb_100001', lastAuthTime: days(-27), expireTime: days(3) },
      {
        orgId: sellerOrg,
        channel: 'PDD',
        name: '小美拼多多专营店',
        platformShopId: 'pdd_200002',
        authState: 'EXPIRED',
        lastAuthTime: days(-32),
        expireTime: days(-2),
      },
      { orgId: sellerOrg, channel: 'TIKTOK', name: '小美抖音小店', platformShopId: 'dy_300003', lastAuthTime: days(-5), expireTime: days(60) },
      { orgId: sellerOrg, channel: 'REDBOOK', name: '小美的衣橱', platformShopId: 'xhs_400004', lastAuthTime: days(-26), expireTime: days(4.5) },
    ]);
    await t.insert(suppliers).values([{ orgId: sellerOrg, name: '四季青 3楼 A312 小美档口' }]);
    await seedGoods(t, { sellerOrg });
    await t.insert(replenishRequests).values([
      { orgId: sellerOrg, amountFen: 1200, reason: '档口涨价：货号 A8821 黑色 M' },
      { orgId: sellerOrg, amountFen: 850, reason: '档口涨价：货号 B102 白色 均码' },
    ]);
    await seedFundsRecords(t, { sellerOrg, purchaserOrg, pickerId });
    await seedDropshipOrders(t, { sellerOrg, sellerId, purchaserOrg });
    await seedWarehouse(t, { purchaserOrg });
    await seedOffline(t, { sellerOrg, sellerId });
    // Made the one way problem parcels are made, then given deadlines near enough for the menu badge to show.
    const parcels = [
      { trackingNo: 'YT8800012345678', source: 'STALL_REFUSE', reason: '档口拒收：吊牌已剪', item: ['A8821', '黑色', 'M'], due: 0.5 },
      { trackingNo: 'ZTO7700098765432', source: 'INSPECTION', reason: '错发：颜色不符', item: ['B102', '白色', '均码'], due: 0.8 },
      { trackingNo: 'SF1400055566677', source: 'INSPECTION', reason: '破损', item: ['C3305', '卡其', 'L'], due: 3 },
    ] as const;
    for (const p of parcels) {
      const [itemNo, color, size] = p.item;
      const made = await openProblemParcel(t, {
        orgId: sellerOrg,
        purchaserOrgId: purchaserOrg,
        source: p.source,
        reason: p.reason,
        trackingNo: p.trackingNo,
        goods: [{ title: `${itemNo} 女装`, itemNo, color, size, quantity: 1 }],
      });
      await t
        .update(problemParcels)
        .set({ deadlineAt: days(p.due) })
        .where(eq(problemParcels.id, made.id));
    }
    await t.insert(messages).values([
      { orgId: sellerOrg, title: '欢迎使用代发助手', content: '授权店铺、关联商品后即可一键代发。' },
      { orgId: sellerOrg, userId: sellerId, kind: 'SHOP', title: '店铺授权即将到期', content: '小美女装旗舰店的授权将在 3 天后到期，请及时重新授权。' },
    ]);
    await t.insert(appVersions).values({ version: '1.9.0', desc: '初始版本' });
    // Two plans on sale (decision 0033); the demo seller holds no membership, so the seeded fees stay the base fee.
    await t.insert(memberPlans).values([
      { name: '月度会员', termDays: 30, priceFen: 9900, serviceFeePercent: 80, serviceFeeOffPerItemFen: 0, status: 'PUBLISHED' },
      { name: '年度会员', termDays: 365, priceFen: 89_900, serviceFeePercent: 50, serviceFeeOffPerItemFen: 0, status: 'PUBLISHED' },
    ]);
  });
}
