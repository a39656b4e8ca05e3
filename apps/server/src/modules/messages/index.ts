/**
 * Messages to sellers and purchasers (站内信). app.ts registers its routes (and jobs); other modules
 * send a message through sendMessage, in the transaction of the change it reports.
 * Other modules import this module only through this file.
 */
export { sendMessage } from './messages.repository.js';
