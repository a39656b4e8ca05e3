/**
 * Messages to sellers and purchasers (站内信). app.ts registers its routes (and jobs); other modules
 * send a message through sendMessage, in the transaction of the change it reports, or through the
 * event messages (one function per real event, deduplicated by the event); src/hooks.ts wires
 * messageOnDelivery to dropship-orders' orderDelivered.
 * Other modules import this module only through this file.
 */
export {
  messageMemberExpiring,
  messageOnDelivery,
  messageReplenishDue,
  messageShipBackFailed,
  messageShopExpired,
  messageShopExpiring,
  messageStockOutRefund,
  messageWithdrawalResult,
} from './event-messages.js';
export { markReadByKeyPrefix, sendMessage } from './messages.repository.js';
