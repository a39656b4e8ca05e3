/**
 * SMS verification codes: verifyCode checks a code sent to the caller's bound phone for a purpose
 * (pay password reset); verifyPhoneCode checks one sent to a phone before sign-in (sign-up,
 * password reset).
 * Other modules import this module only through this file.
 */
export { type PhoneCodeScene, verifyPhoneCode } from './phone-codes.service.js';
export { phoneInUse } from './sms.repository.js';
export { verifyCode } from './sms.service.js';
