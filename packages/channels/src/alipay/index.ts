/** Public entry of the Alipay channel: the protocol client, the local emulator, and key helpers for tests and the demo. */
export {
  ALIPAY_GATEWAY,
  type AlipayClient,
  type AlipayClientOptions,
  type AlipayNotify,
  type AlipayPayInput,
  type AlipayPayMethod,
  type AlipayRefundResult,
  type AlipayTrade,
  type AlipayTradeStatus,
  type AlipayTransferResult,
  createAlipayClient,
} from './client.ts';
export {
  ALIPAY_EMULATOR_APP_ID,
  ALIPAY_NOTIFY_RETRY_SCHEDULE_MS,
  type AlipayEmulator,
  type AlipayEmulatorFailure,
  type AlipayEmulatorOptions,
  type AlipayNotifyAttempt,
  type AlipaySettleFault,
  startAlipayEmulator,
} from './emulator.ts';
export type { EmulatorTrade as AlipayEmulatorTrade, EmulatorTransfer as AlipayEmulatorTransfer } from './emulator-state.ts';
export { AlipayError, type AlipayErrorKind } from './errors.ts';
export { generateTestKeys, processTestKeys, type TestKeyPair } from './keys.ts';
export { fenToYuan, yuanToFen } from './money.ts';
export {
  type AlipayRoyaltyApi,
  alipayRoyalty,
  ROYALTY_MAX_RECEIVERS,
  type RoyaltyReceiver,
  type RoyaltyReceiverType,
  type RoyaltyRelation,
  type RoyaltyRelationPage,
  type RoyaltySettleDetail,
  type RoyaltySettleState,
  type RoyaltySplit,
} from './royalty.ts';
export type { EmulatorRoyaltyRelation as AlipayEmulatorRoyaltyRelation } from './royalty-emulator.ts';
export type { EmulatorSettlement as AlipayEmulatorSettlement } from './settle-emulator.ts';
export { alipayTimestamp, signContent } from './sign.ts';
