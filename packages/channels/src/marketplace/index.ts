/** Public entry of the marketplace layer: shared types, the client registry, the emulator, and the helpers channel clients share. */

export { formatChinaTime, parseChinaTime, toSecond, unixSeconds } from './china-time.ts';
export { type ClientContext, clientContext, joinUrl, type MarketplaceClientFactory, type MarketplaceClientOptions } from './client-options.ts';
export { consentError, consentPage, withParams } from './consent-page.ts';
export { COURIERS, type CourierCode, platformCourier } from './couriers.ts';
export { decryptFailure, type FieldCiphers, fieldCiphersHandle, parseFieldCiphers, plainReceiversOnly, runDecrypt } from './decrypt.ts';
export { type MarketplaceEmulator, type MarketplaceEmulatorOptions, startMarketplaceEmulator } from './emulator.ts';
export { ChannelCore, type EmulatorShop, pageSlice, type TokenCheck, type TokenRecord } from './emulator-core.ts';
export { DEFAULT_DECRYPT_QUOTA, DecryptDesk, type DecryptStats } from './emulator-decrypt.ts';
export { type OpenRefundInput, REFUND_PHASE, type RefundPatch, type RefundPhase } from './emulator-refunds.ts';
export {
  type AppCredentials,
  type ChannelEmulatorHandler,
  type EmulatorAnswer,
  type EmulatorFailure,
  type EmulatorRequest,
  type EmulatorShipment,
  html,
  json,
  redirect,
} from './emulator-types.ts';
export { type CatalogSku, type GeneratedOrders, type GenerateOrdersInput, generateCatalog, generateOrders, orderRefundState } from './generator.ts';
export { arr, httpJson, type Json, num, obj, optStr, str } from './http.ts';
export { maskAddress, maskPhoneMiddle, maskPhoneTail, maskSurname } from './mask.ts';
export { parseFen, parseYuan } from './money.ts';
export { type Page, pageBackwards } from './paging.ts';
export { itemPicture, PICTURE_PREFIX, pictureItemOf } from './picture.ts';
export { REFUND_UNANSWERABLE_MESSAGE } from './refund-answer.ts';
export { createMarketplaceClient, PLATFORM_URLS, platformEndpoint, supportedChannels } from './registry.ts';
export { backoffDelay, DEFAULT_RETRY, type RetryOptions, sleep, splitWindow, type TimeWindow, withRetry } from './retry.ts';
export * from './types.ts';
export type { WaybillPlatform } from './waybill-client.ts';
export { type IssuedWaybill, WAYBILL_SOURCE_OF, type WaybillBook, waybillBook } from './waybill-emulator.ts';
export { emulatorPrintSecret, openPrintData, type PrintContent, verifyPrintData } from './waybill-print.ts';
export { waybillChannels, waybillClientFor } from './waybill-registry.ts';
// WaybillParty is exported as PlatformWaybillParty: the package entry already has Kuaidi100's WaybillParty.
export {
  handleCiphers,
  type PlatformPrintData,
  type PlatformWaybillClient,
  type PlatformWaybillFailureKind,
  type PlatformWaybillOutcome,
  type PlatformWaybillParcel,
  type PlatformWaybillRequest,
  type WaybillParty as PlatformWaybillParty,
  type WaybillSource,
  waybillReceiverHandle,
} from './waybill-types.ts';
