/**
 * The one route table (SPEC.md section 2, ../shared/spec/routes.json): the menu, titles,
 * redirects, badges and variant/permission gating come from here, for the page and for the
 * server (the permission codes of sub-accounts are these routes' codes).
 */
import type { BrandVariant } from './brand.js';

/** Who a page serves: the two kinds of customer organisation, and the platform's operators (运营后台). */
export type Audience = 'seller' | 'purchaser' | 'operator';
export type MenuGroupKey =
  | 'home'
  | 'declaration'
  | 'shopOrder'
  | 'dropship'
  | 'offline'
  | 'print'
  | 'goods'
  | 'funds'
  | 'statistics'
  | 'authority'
  | 'settings'
  | 'opFunds'
  | 'opContent'
  | 'opOrgs'
  | 'opSettings';

/** Left-menu section icons: each has a normal and a selected form (see the web's menu-icons). */
export type MenuIcon =
  | 'home'
  | 'order'
  | 'goods'
  | 'deliverGoods'
  | 'returnGoods'
  | 'afterSale'
  | 'funds'
  | 'authority'
  | 'set'
  | 'statistics'
  | 'print'
  | 'printSetting';

export interface MenuGroup {
  key: MenuGroupKey;
  label: string;
  /** The label on the main variant when it differs (funds are called 资产 there). */
  mainLabel?: string;
  icon: MenuIcon;
  variantsExcluded?: BrandVariant[];
  badge?: BadgeKey;
}

export type BadgeKey = 'problemNearDeadline' | 'pendingPayment';

export interface RouteDef {
  path: string;
  title: string;
  /** The menu group the route is listed under; absent for routes reached from inside pages. */
  group?: MenuGroupKey;
  audience: Audience[];
  /** Gated by the manual-delivery permission on the second variant (SPEC.md section 6). */
  manualDelivery?: boolean;
  /** With manualDelivery: value '0' sends the user to /403 instead of only hiding the entry. */
  deniedRedirect?: boolean;
  variantsExcluded?: BrandVariant[];
  variantsOnly?: BrandVariant[];
  shownWhen?: 'supplierExists';
  badge?: BadgeKey;
  leftbarHidden?: boolean;
  /** A tab of the platform dropship settings entry rather than a menu entry of its own. */
  settingsTab?: boolean;
  /** Needs no sign-in. */
  public?: boolean;
  /**
   * Who finds the entry in the menu when fewer than `audience`: the page still opens for the
   * others (routes.json lists it for both), but its calls are the purchaser's warehouse calls, so a
   * seller's menu entry would lead only to refusals.
   */
  menuAudience?: Audience[];
}

const BOTH: Audience[] = ['seller', 'purchaser'];
const SELLER: Audience[] = ['seller'];
const OPERATOR: Audience[] = ['operator'];

export const MENU_GROUPS: MenuGroup[] = [
  { key: 'home', label: '工作台', icon: 'home' },
  { key: 'declaration', label: '报单管理', icon: 'order', variantsExcluded: ['main'] },
  { key: 'shopOrder', label: '店铺订单', icon: 'order' },
  { key: 'dropship', label: '代发管理', icon: 'afterSale' },
  { key: 'offline', label: '线下拿退货', icon: 'returnGoods' },
  { key: 'print', label: '打印发货', icon: 'print' },
  { key: 'goods', label: '商品', icon: 'goods' },
  { key: 'funds', label: '资金', mainLabel: '资产', icon: 'funds', badge: 'pendingPayment' },
  { key: 'statistics', label: '统计', icon: 'statistics' },
  { key: 'authority', label: '账号权限', icon: 'authority' },
  { key: 'settings', label: '基础设置', icon: 'set' },
  // The operator console (运营后台): only operator routes sit under these groups.
  { key: 'opFunds', label: '财务审核', icon: 'funds' },
  { key: 'opContent', label: '公告与弹窗', icon: 'home' },
  { key: 'opOrgs', label: '机构与日志', icon: 'authority' },
  { key: 'opSettings', label: '平台设置', icon: 'set' },
];

export const REDIRECTS: Record<string, string> = {
  '/': '/home',
  '/basicSet': '/basicSet/shopAuthorization',
  '/announcement': '/announcement/list',
  '/workorder': '/workorder/myworkorder',
  '/offlineReturnOrder': '/offlineReturnOrder/offlineReturnOrderList',
  '/accountPermission': '/accountPermission/accountManagement',
  '/print': '/print/printDelivery',
  '/member': '/member/pay',
};

export const ROUTES: RouteDef[] = [
  { path: '/home', title: '工作台', group: 'home', audience: BOTH },
  { path: '/e3hReportGetGoods', title: '报单拿货', group: 'declaration', audience: SELLER, variantsExcluded: ['main'] },
  { path: '/myDeclaration', title: '我的报单', group: 'declaration', audience: SELLER, variantsExcluded: ['main'] },
  { path: '/declarationHistory', title: '报单历史', group: 'declaration', audience: SELLER, variantsExcluded: ['main'] },
  { path: '/order/orderList', title: '店铺订单', group: 'shopOrder', audience: SELLER },
  { path: '/order/daifaOrderList', title: '代发订单', group: 'dropship', audience: SELLER },
  { path: '/afterSale/afterSaleList', title: '售后订单', group: 'dropship', audience: SELLER },
  { path: '/afterSale/problemList', title: '问题件', group: 'dropship', audience: SELLER, badge: 'problemNearDeadline' },
  { path: '/afterSale/headlessList', title: '无头件', group: 'dropship', audience: SELLER },
  {
    path: '/offlineReturnOrder/pickup',
    title: '拿货任务分配',
    group: 'offline',
    audience: BOTH,
    manualDelivery: true,
    deniedRedirect: true,
    menuAudience: ['purchaser'],
  },
  {
    path: '/offlineReturnOrder/offlineReturnOrderList',
    title: '退货入库分配',
    group: 'offline',
    audience: BOTH,
    manualDelivery: true,
    deniedRedirect: true,
    menuAudience: ['purchaser'],
  },
  // Product-added (not in routes.json): the warehouse's side of headless parcels, docs/decisions/0027-problem-headless-parcels.md.
  { path: '/offlineReturnOrder/headlessParcels', title: '无头件', group: 'offline', audience: ['purchaser'], manualDelivery: true },
  // Product-added (not in routes.json): the picker's phone page, docs/decisions/0013-picking.md.
  { path: '/picker', title: '拿货员工作台', group: 'offline', audience: ['purchaser'], leftbarHidden: true },
  { path: '/print/printDelivery', title: '打印发货', group: 'print', audience: BOTH, manualDelivery: true, menuAudience: ['purchaser'] },
  { path: '/print/orderFreePrint', title: '自由打印', group: 'print', audience: BOTH, manualDelivery: true, menuAudience: ['purchaser'] },
  { path: '/print/scanPrint', title: '扫描打印', group: 'print', audience: BOTH, manualDelivery: true, menuAudience: ['purchaser'] },
  { path: '/print/moreProduct', title: '更多功能', group: 'print', audience: BOTH, manualDelivery: true },
  { path: '/print/printSetting', title: '打印设置', group: 'print', audience: BOTH, manualDelivery: true },
  { path: '/goods/association', title: '商品关联', group: 'goods', audience: SELLER },
  { path: '/goods/supplier', title: '供应商商品', group: 'goods', audience: SELLER, shownWhen: 'supplierExists' },
  { path: '/goods/customGoods', title: '自定义商品', group: 'goods', audience: SELLER, manualDelivery: true },
  { path: '/funds/coupon', title: '优惠券', group: 'funds', audience: SELLER, variantsOnly: ['main'] },
  { path: '/funds/balance', title: '余额', group: 'funds', audience: SELLER },
  { path: '/funds/rechargeWithdraw', title: '充值提现', group: 'funds', audience: SELLER },
  { path: '/funds/transferRecord', title: '充值记录', group: 'funds', audience: SELLER, badge: 'pendingPayment' },
  { path: '/funds/nahuoSettlement', title: '拿货结算', group: 'funds', audience: BOTH, manualDelivery: true },
  { path: '/funds/accountStatement', title: '对账单', group: 'funds', audience: BOTH, manualDelivery: true },
  { path: '/statistics/orderTakeStatistics', title: '拿货统计', group: 'statistics', audience: BOTH },
  { path: '/statistics/outStock', title: '缺货统计', group: 'statistics', audience: BOTH },
  { path: '/statistics/takeReturn', title: '退货统计', group: 'statistics', audience: BOTH },
  { path: '/statistics/shopTakeReturn', title: '店铺拿退货统计', group: 'statistics', audience: SELLER },
  { path: '/accountPermission/accountManagement', title: '账号管理', group: 'authority', audience: BOTH },
  { path: '/basicSet/shopAuthorization', title: '店铺授权', group: 'settings', audience: SELLER },
  { path: '/basicSet/supplierManagement', title: '供应商管理', group: 'settings', audience: BOTH, manualDelivery: true, deniedRedirect: true },
  { path: '/basicSet/automaticAfterSale', title: '自动售后设置', group: 'settings', audience: SELLER },
  { path: '/basicSet/speedSelivery', title: '加急发货', audience: SELLER, settingsTab: true },
  { path: '/basicSet/customInfo', title: '自定义发货信息', audience: SELLER, settingsTab: true },
  { path: '/basicSet/customCertificate', title: '自定义合格证', audience: SELLER, settingsTab: true },
  { path: '/basicSet/returnPhone', title: '店铺退货电话', audience: SELLER, settingsTab: true },
  { path: '/basicSet/setPayment', title: '货到付款服务设置', audience: SELLER, settingsTab: true },
  { path: '/basicSet/automaticAfterSale/AutomaticLog', title: '自动售后设置日志', audience: SELLER },
  { path: '/basicSet/distributionMode', title: '供货备货方式配置', audience: SELLER },
  { path: '/basicSet/addCustomCertificate', title: '新建合格证', audience: SELLER },
  { path: '/basicSet/autoIntercept', title: '自动拦截策略', audience: SELLER },
  { path: '/basicSet/orderFulfillmentStrategy', title: '订单履约策略', audience: SELLER },
  { path: '/order/abnormalList', title: '异常订单', audience: SELLER },
  { path: '/order/intelligentImport', title: '订单导入', audience: SELLER },
  { path: '/order/daifaOrderList/daifaOrederListDetail', title: '代发订单详情', audience: SELLER },
  { path: '/order/thirdOrderDetail', title: '店铺售后详情', audience: SELLER },
  { path: '/order/placeOrder', title: '代发下单', audience: SELLER },
  { path: '/order/orderCollectRecord', title: '报单记录', audience: SELLER },
  { path: '/order/orderCollect', title: '手工报单', audience: SELLER },
  { path: '/order/getOfflineList', title: '线下拿货单', audience: BOTH },
  { path: '/order/getOfflineCreate', title: '新建线下拿货单', audience: BOTH },
  { path: '/order/offlineReturnOrder', title: '线下退货单', audience: BOTH },
  { path: '/order/expressList', title: '快递列表', audience: BOTH },
  { path: '/afterSale/afterSaleListDetail', title: '售后详情', audience: SELLER },
  { path: '/afterSale/quickQuery', title: '快速查询', audience: SELLER },
  { path: '/afterSale/problemSendBack', title: '问题件寄回', audience: SELLER },
  { path: '/afterSale/headlessSendBack', title: '无头件寄回', audience: SELLER },
  { path: '/funds/aliLedger', title: '支付宝分账', audience: SELLER },
  { path: '/funds/aliLedgerAuth', title: '支付宝分账授权', audience: SELLER },
  { path: '/funds/pay', title: '支付', audience: SELLER },
  { path: '/funds/bindAlipay', title: '绑定支付宝', audience: SELLER },
  { path: '/funds/resetPayPass', title: '重置支付密码', audience: BOTH },
  { path: '/funds/nahuoSettlement/nahuoyuanSettlement', title: '拿货员结算', audience: BOTH },
  { path: '/announcement/list', title: '公告列表', audience: BOTH },
  { path: '/announcement/details', title: '公告详情', audience: BOTH },
  { path: '/helpCenter', title: '帮助中心', audience: BOTH, leftbarHidden: true },
  { path: '/expressMsg', title: '物流查询', audience: BOTH, leftbarHidden: true },
  { path: '/workorder/myworkorder', title: '我的工单', audience: BOTH },
  { path: '/offlineReturnOrder/returnRegistration', title: '退货登记', audience: BOTH, manualDelivery: true, deniedRedirect: true },
  { path: '/tagEditorFabric', title: '拿货标签设计', audience: BOTH },
  { path: '/member/pay', title: '会员购买', audience: SELLER, leftbarHidden: true },
  // Onboarding (product-added, decision 0028): a seller's purchaser binding, a purchaser's invite codes,
  // sign-up and password reset before sign-in (the operator's organisations pages are below).
  { path: '/accountPermission/purchaserBinding', title: '绑定采购商', group: 'authority', audience: SELLER },
  { path: '/accountPermission/inviteCode', title: '邀请码', group: 'authority', audience: ['purchaser'] },
  { path: '/register', title: '注册', audience: BOTH, leftbarHidden: true, public: true },
  { path: '/forgetPassword', title: '找回密码', audience: BOTH, leftbarHidden: true, public: true },
  // The operator console (product-added, not in routes.json): operators see these and nothing else.
  { path: '/operator/withdrawals', title: '提现审核', group: 'opFunds', audience: OPERATOR },
  { path: '/operator/coupons', title: '优惠券发放', group: 'opFunds', audience: OPERATOR },
  { path: '/operator/announcements', title: '公告管理', group: 'opContent', audience: OPERATOR },
  { path: '/operator/popups', title: '弹窗管理', group: 'opContent', audience: OPERATOR },
  { path: '/operator/helpArticles', title: '帮助文章', group: 'opContent', audience: OPERATOR },
  { path: '/operator/orgs', title: '机构管理', group: 'opOrgs', audience: OPERATOR },
  { path: '/operator/auditLog', title: '操作日志', group: 'opOrgs', audience: OPERATOR },
  { path: '/operator/expressRules', title: '快递运费规则', group: 'opSettings', audience: OPERATOR },
  { path: '/operator/servicePrices', title: '服务价格', group: 'opSettings', audience: OPERATOR },
  { path: '/operator/stallDirectory', title: '档口库', group: 'opSettings', audience: OPERATOR },
  { path: '/operator/version', title: '版本发布', group: 'opSettings', audience: OPERATOR },
  { path: '/operator/memberPlans', title: '会员套餐', group: 'opSettings', audience: OPERATOR },
  { path: '/operator/workOrders', title: '工单处理', group: 'opOrgs', audience: OPERATOR },
  { path: '/login', title: '登录', audience: BOTH, leftbarHidden: true, public: true },
  { path: '/403', title: '无权限', audience: [...BOTH, 'operator'], public: true },
];

export const NOT_FOUND_TITLE = '页面不存在';

/** The platform dropship settings entry opens one of these tabs; automaticAfterSale by default. */
export const SETTINGS_TABS = [
  '/basicSet/automaticAfterSale',
  '/basicSet/speedSelivery',
  '/basicSet/customInfo',
  '/basicSet/customCertificate',
  '/basicSet/returnPhone',
  '/basicSet/setPayment',
] as const;

/** A route's permission code: its path without the leading slash (what sub-account roles grant). */
export const routeCode = (path: string) => path.replace(/^\//, '');

export function findRoute(path: string): RouteDef | undefined {
  return ROUTES.find((r) => r.path === path);
}

export interface PermissionNode {
  code: string;
  name: string;
  children: PermissionNode[];
}

/** The permission tree an organisation's roles choose from: menu groups, then their routes. */
export function permissionTree(audience: Audience): PermissionNode[] {
  return MENU_GROUPS.map((g) => ({
    code: g.key,
    name: g.label,
    children: ROUTES.filter((r) => r.group === g.key && r.audience.includes(audience)).map((r) => ({
      code: routeCode(r.path),
      name: r.title,
      children: [],
    })),
  })).filter((g) => g.children.length > 0);
}
