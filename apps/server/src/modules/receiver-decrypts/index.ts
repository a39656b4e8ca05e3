/**
 * The decrypt audit log: written by the warehouse for every decrypt attempt, read by the seller.
 * Other modules import this module only through this file.
 */

export type { NewReceiverDecrypt } from './receiver-decrypts.service.js';
export { recordDecrypts, shipDecryptFailed } from './receiver-decrypts.service.js';
export { receiverDecrypts } from './receiver-decrypts.table.js';
