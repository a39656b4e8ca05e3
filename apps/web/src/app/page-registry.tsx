/**
 * Which component each route of the route table renders. Routes without a page here show 建设中
 * under their real title and say which capability brings them; nothing is faked.
 */
import { type ComponentType, lazy } from 'react';

const HomePage = lazy(() => import('../pages/HomePage'));
const ExpressMsgPage = lazy(() => import('../features/workbench/ExpressMsgPage'));
const TagEditorPage = lazy(() => import('../features/labels-designer/TagEditorPage'));
const CertificateListPage = lazy(() => import('../features/certificates/CertificateListPage'));
const CertificateEditPage = lazy(() => import('../features/certificates/CertificateEditPage'));
const PrintSettingPage = lazy(() => import('../features/printing/pages/PrintSettingPage'));
const MoreProductPage = lazy(() => import('../features/printing/pages/MoreProductPage'));
const TransferRecordPage = lazy(() => import('../features/funds/transfer-record/TransferRecordPage'));
const CouponPage = lazy(() => import('../features/funds/coupon/CouponPage'));
const SettlementPage = lazy(() => import('../features/funds/settlement/SettlementPage'));
const OrderTakeStatisticsPage = lazy(() => import('../features/statistics/TakeStatisticsPage'));
const OutStockPage = lazy(() => import('../features/statistics/OutStockPage'));
const ReturnStatisticsPage = lazy(() => import('../features/statistics/ReturnStatisticsPage'));
const ShopTakeReturnPage = lazy(() => import('../features/statistics/ShopTakeReturnPage'));
const PickerSettlementPage = lazy(() => import('../features/funds/settlement/PickerSettlementPage'));
const AccountStatementPage = lazy(() => import('../features/funds/statement/AccountStatementPage'));
const AliLedgerPage = lazy(() => import('../features/funds/ali-ledger/AliLedgerPage'));
const AliLedgerAuthPage = lazy(() => import('../features/funds/ali-ledger/AliLedgerAuthPage'));

const ShopAuthorizationPage = lazy(() => import('../features/shops/ShopAuthorizationPage'));
const ShopOrderListPage = lazy(() => import('../features/shop-orders/ShopOrderListPage'));
const ShopOrderDetailPage = lazy(() => import('../features/shop-orders/ShopOrderDetailPage'));

const AssociationPage = lazy(() => import('../features/goods/association/AssociationPage'));
const SupplierGoodsPage = lazy(() => import('../features/goods/supplier/SupplierGoodsPage'));
const CustomGoodsPage = lazy(() => import('../features/goods/custom-goods/CustomGoodsPage'));
const SupplierManagementPage = lazy(() => import('../features/goods/supplier-management/SupplierManagementPage'));
const AbnormalListPage = lazy(() => import('../features/abnormal-orders/AbnormalListPage'));
const BalancePage = lazy(() => import('../features/funds/balance/BalancePage'));
const RechargeWithdrawPage = lazy(() => import('../features/funds/recharge-withdraw/RechargeWithdrawPage'));
const BindAlipayPage = lazy(() => import('../features/funds/bind-alipay/BindAlipayPage'));
const PayPage = lazy(() => import('../features/funds/pay/PayPage'));
const ResetPayPassPage = lazy(() => import('../features/funds/reset-pay-pass/ResetPayPassPage'));
const PlaceOrderPage = lazy(() => import('../features/dropship-orders/pages/PlaceOrderPage'));
const DropshipOrderListPage = lazy(() => import('../features/dropship-orders/pages/DropshipOrderListPage'));
const DropshipOrderDetailPage = lazy(() => import('../features/dropship-orders/pages/DropshipOrderDetailPage'));
const ExpressListPage = lazy(() => import('../features/dropship-orders/pages/ExpressListPage'));
const OrderImportPage = lazy(() => import('../features/order-import/OrderImportPage'));
const AccountManagementPage = lazy(() => import('../features/account-permission/AccountManagementPage'));
const PickerPage = lazy(() => import('../features/picking/PickerPage'));
const TakeAssignmentPage = lazy(() => import('../features/take-assignment/TakeAssignmentPage'));

const ScanPrintPage = lazy(() => import('../features/warehouse/pages/ScanPrintPage'));
const ProblemListPage = lazy(() => import('../features/problem-parcels/pages/ProblemListPage'));
const ProblemSendBackPage = lazy(() => import('../features/problem-parcels/pages/ProblemSendBackPage'));
const HeadlessSendBackPage = lazy(() => import('../features/problem-parcels/pages/HeadlessSendBackPage'));
const PrintDeliveryPage = lazy(() => import('../features/warehouse/pages/PrintDeliveryPage'));
const OrderFreePrintPage = lazy(() => import('../features/warehouse/pages/OrderFreePrintPage'));

const OfflinePickupCreatePage = lazy(() => import('../features/offline/pages/OfflinePickupCreatePage'));
const OfflinePickupListPage = lazy(() => import('../features/offline/pages/OfflinePickupListPage'));
const OfflineReturnOrderPage = lazy(() => import('../features/offline/pages/OfflineReturnOrderPage'));
const ReturnRegistrationPage = lazy(() => import('../features/offline/pages/ReturnRegistrationPage'));
const ReturnAssignmentPage = lazy(() => import('../features/offline/pages/ReturnAssignmentPage'));
const HeadlessListPage = lazy(() => import('../features/headless-parcels/pages/HeadlessListPage'));
const PurchaserHeadlessPage = lazy(() => import('../features/headless-parcels/pages/PurchaserHeadlessPage'));

const OrderCollectPage = lazy(() => import('../features/declarations/OrderCollectPage'));
const OrderCollectRecordPage = lazy(() => import('../features/declarations/OrderCollectRecordPage'));
const MyDeclarationPage = lazy(() => import('../features/declarations/MyDeclarationPage'));
const DeclarationHistoryPage = lazy(() => import('../features/declarations/DeclarationHistoryPage'));
const ReportGetGoodsPage = lazy(() => import('../features/declarations/ReportGetGoodsPage'));
const OrderFulfillmentStrategyPage = lazy(() => import('../features/fulfilment-settings/OrderFulfillmentStrategyPage'));
const AutoInterceptPage = lazy(() => import('../features/fulfilment-settings/AutoInterceptPage'));
const SpeedDeliveryPage = lazy(() => import('../features/fulfilment-settings/SpeedDeliveryPage'));
const CustomInfoPage = lazy(() => import('../features/fulfilment-settings/CustomInfoPage'));
const SetPaymentPage = lazy(() => import('../features/fulfilment-settings/SetPaymentPage'));
const DistributionModePage = lazy(() => import('../features/fulfilment-settings/DistributionModePage'));
const ReturnPhonePage = lazy(() => import('../features/fulfilment-settings/ReturnPhonePage'));
const AfterSaleListPage = lazy(() => import('../features/after-sales/pages/AfterSaleListPage'));
const AfterSaleDetailPage = lazy(() => import('../features/after-sales/pages/AfterSaleDetailPage'));
const QuickQueryPage = lazy(() => import('../features/after-sales/pages/QuickQueryPage'));
const AutoAfterSalePage = lazy(() => import('../features/auto-after-sale/AutoAfterSalePage'));
const AutoAfterSaleLogPage = lazy(() => import('../features/auto-after-sale/AutoAfterSaleLogPage'));
const PurchaserBindingPage = lazy(() => import('../features/onboarding/PurchaserBindingPage'));
const InviteCodePage = lazy(() => import('../features/onboarding/InviteCodePage'));
const OrgsPage = lazy(() => import('../features/operator-orgs/OrgsPage'));
const AuditLogPage = lazy(() => import('../features/operator-orgs/AuditLogPage'));
const AnnouncementListPage = lazy(() => import('../features/notices/AnnouncementListPage'));
const AnnouncementDetailPage = lazy(() => import('../features/notices/AnnouncementDetailPage'));
const WithdrawalReviewPage = lazy(() => import('../features/operator-console/WithdrawalReviewPage'));
const HelpCenterPage = lazy(() => import('../features/help-center/HelpCenterPage'));
const HelpArticleAdminPage = lazy(() => import('../features/operator-console/HelpArticleAdminPage'));
const AnnouncementAdminPage = lazy(() => import('../features/operator-console/AnnouncementAdminPage'));
const PopupAdminPage = lazy(() => import('../features/operator-console/PopupAdminPage'));
const VersionPage = lazy(() => import('../features/operator-console/VersionPage'));
const CouponIssuePage = lazy(() => import('../features/operator-console/CouponIssuePage'));
const ExpressRulesPage = lazy(() => import('../features/operator-console/ExpressRulesPage'));
const ServicePricesPage = lazy(() => import('../features/operator-console/ServicePricesPage'));
const MemberPlansPage = lazy(() => import('../features/operator-console/MemberPlansPage'));
const MemberPayPage = lazy(() => import('../features/membership/MemberPayPage'));
const StallDirectoryPage = lazy(() => import('../features/operator-console/StallDirectoryPage'));
const MyWorkOrderPage = lazy(() => import('../features/work-orders/pages/MyWorkOrderPage'));
const WorkOrderConsolePage = lazy(() => import('../features/work-orders/pages/WorkOrderConsolePage'));

/** Pages built so far. */
export const PAGES: Record<string, ComponentType> = {
  '/accountPermission/purchaserBinding': PurchaserBindingPage,
  '/accountPermission/inviteCode': InviteCodePage,
  '/operator/orgs': OrgsPage,
  '/operator/auditLog': AuditLogPage,
  '/order/orderCollect': OrderCollectPage,
  '/order/orderCollectRecord': OrderCollectRecordPage,
  '/myDeclaration': MyDeclarationPage,
  '/declarationHistory': DeclarationHistoryPage,
  '/e3hReportGetGoods': ReportGetGoodsPage,
  '/basicSet/orderFulfillmentStrategy': OrderFulfillmentStrategyPage,
  '/basicSet/autoIntercept': AutoInterceptPage,
  '/basicSet/speedSelivery': SpeedDeliveryPage,
  '/basicSet/customInfo': CustomInfoPage,
  '/basicSet/setPayment': SetPaymentPage,
  '/basicSet/distributionMode': DistributionModePage,
  '/basicSet/returnPhone': ReturnPhonePage,
  '/order/getOfflineCreate': OfflinePickupCreatePage,
  '/order/getOfflineList': OfflinePickupListPage,
  '/order/offlineReturnOrder': OfflineReturnOrderPage,
  '/offlineReturnOrder/returnRegistration': ReturnRegistrationPage,
  '/offlineReturnOrder/offlineReturnOrderList': ReturnAssignmentPage,
  '/print/scanPrint': ScanPrintPage,
  '/print/printDelivery': PrintDeliveryPage,
  '/print/orderFreePrint': OrderFreePrintPage,
  '/order/intelligentImport': OrderImportPage,
  '/basicSet/shopAuthorization': ShopAuthorizationPage,
  '/order/orderList': ShopOrderListPage,
  '/order/thirdOrderDetail': ShopOrderDetailPage,
  '/home': HomePage,
  '/expressMsg': ExpressMsgPage,
  '/tagEditorFabric': TagEditorPage,
  '/basicSet/customCertificate': CertificateListPage,
  '/basicSet/addCustomCertificate': CertificateEditPage,
  '/print/printSetting': PrintSettingPage,
  '/print/moreProduct': MoreProductPage,
  '/funds/transferRecord': TransferRecordPage,
  '/funds/coupon': CouponPage,
  '/funds/nahuoSettlement': SettlementPage,
  '/statistics/orderTakeStatistics': OrderTakeStatisticsPage,
  '/statistics/outStock': OutStockPage,
  '/statistics/takeReturn': ReturnStatisticsPage,
  '/statistics/shopTakeReturn': ShopTakeReturnPage,
  '/funds/nahuoSettlement/nahuoyuanSettlement': PickerSettlementPage,
  '/funds/accountStatement': AccountStatementPage,
  '/funds/aliLedger': AliLedgerPage,
  '/funds/aliLedgerAuth': AliLedgerAuthPage,
  '/goods/association': AssociationPage,
  '/goods/supplier': SupplierGoodsPage,
  '/goods/customGoods': CustomGoodsPage,
  '/basicSet/supplierManagement': SupplierManagementPage,
  '/order/abnormalList': AbnormalListPage,
  '/funds/balance': BalancePage,
  '/funds/rechargeWithdraw': RechargeWithdrawPage,
  '/funds/bindAlipay': BindAlipayPage,
  '/funds/pay': PayPage,
  '/funds/resetPayPass': ResetPayPassPage,
  '/order/placeOrder': PlaceOrderPage,
  '/order/daifaOrderList': DropshipOrderListPage,
  '/order/daifaOrderList/daifaOrederListDetail': DropshipOrderDetailPage,
  '/order/expressList': ExpressListPage,
  '/afterSale/afterSaleList': AfterSaleListPage,
  '/afterSale/afterSaleListDetail': AfterSaleDetailPage,
  '/afterSale/quickQuery': QuickQueryPage,
  '/afterSale/problemList': ProblemListPage,
  '/afterSale/problemSendBack': ProblemSendBackPage,
  '/afterSale/headlessSendBack': HeadlessSendBackPage,
  '/basicSet/automaticAfterSale': AutoAfterSalePage,
  '/basicSet/automaticAfterSale/AutomaticLog': AutoAfterSaleLogPage,
  '/accountPermission/accountManagement': AccountManagementPage,
  '/picker': PickerPage,
  '/offlineReturnOrder/pickup': TakeAssignmentPage,
  '/announcement/list': AnnouncementListPage,
  '/announcement/details': AnnouncementDetailPage,
  '/operator/withdrawals': WithdrawalReviewPage,
  '/operator/announcements': AnnouncementAdminPage,
  '/operator/popups': PopupAdminPage,
  '/helpCenter': HelpCenterPage,
  '/operator/helpArticles': HelpArticleAdminPage,
  '/operator/version': VersionPage,
  '/operator/coupons': CouponIssuePage,
  '/operator/expressRules': ExpressRulesPage,
  '/operator/servicePrices': ServicePricesPage,
  '/operator/memberPlans': MemberPlansPage,
  '/member/pay': MemberPayPage,
  '/operator/stallDirectory': StallDirectoryPage,
  '/workorder/myworkorder': MyWorkOrderPage,
  '/operator/workOrders': WorkOrderConsolePage,
  '/afterSale/headlessList': HeadlessListPage,
  '/offlineReturnOrder/headlessParcels': PurchaserHeadlessPage,
};

/**
 * The capability that brings each page not built yet, by exact path or by prefix. An entry goes
 * once its page joins PAGES; a page with no entry names the fallback below.
 */
const OWNERS: [string, string][] = [];

export function ownerOf(path: string): string {
  return OWNERS.find(([p]) => (p.endsWith('/') ? path.startsWith(p) : path === p))?.[1] ?? '尚未排期的功能';
}
