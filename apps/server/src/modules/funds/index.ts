/**
 * Money: the one write path moveMoney (ledger), balances, pay password, coupons (useCoupon /
 * releaseCoupon), settlement lines, replenish requests and the Alipay gateway shared by every payer.
 * The ledger, settlement and replenish tables are exported for joins in other modules' list queries.
 * Other modules import this module only through this file.
 */
// biome-ignore-all assist/source/organizeImports: the tables are exported first, before any service. A
// file that uses a table at load time (a column map) can be reached from this index while it is still
// loading; the test runner defines each re-export in statement order, so a table listed later would
// still be undefined then.
export { ledgerEntries } from './ledger/ledger.table.js';
export { replenishRequests } from './replenish/replenish.table.js';
export { settlementLines } from './settlements/settlements.table.js';

export type { AlipayGateway } from './alipay/alipay-gateway.js';
export { createAlipayGateway } from './alipay/alipay-gateway.js';
export { alipayPayFor, returnUrlFor, syncTradeByQuery } from './alipay/alipay-pay.js';
export type { PaidTrade, SettleResult, TradeKind } from './alipay/alipay-settle.js';
export { closeTrade, settleTrade } from './alipay/alipay-settle.js';
export { pageCoupons, quoteCoupon, releaseCoupon, useCoupon } from './coupons/coupons.service.js';
export { ensureAccount, findEntryByRequestKey, lockAccount } from './ledger/ledger.repository.js';
export { balanceOf, moveMoney } from './ledger/ledger.service.js';
export { assertPayPassword } from './pay-password/pay-password.service.js';
export { createReplenishRequest } from './records/records.service.js';
export { cancelWaitingReplenish, lockByIds } from './replenish/replenish.repository.js';
export { deleteSettlementLine } from './settlements/settlements.repository.js';
export { recordSettlementLine } from './settlements/settlements.service.js';
export type { AlipayBusiness } from './alipay/alipay-notify.service.js';
export { registerAlipayBusiness } from './alipay/alipay-notify.service.js';
export { newTradeNo } from './alipay/trade-no.js';
export { onReplenishPaid } from './replenish/replenish.service.js';
export { recordRoyaltySplit, registerRoyaltyJobs, reverseOrderSplit } from './ali-ledger/royalty-settle.service.js';
