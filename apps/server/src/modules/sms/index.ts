/**
 * SMS verification codes: verifyCode checks a code sent for a purpose (pay password reset).
 * Other modules import this module only through this file.
 */
export { verifyCode } from './sms.service.js';
