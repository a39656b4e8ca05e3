/** Public entry of the SMS channel: the Aliyun SendSms client and its local emulator. */
export { ALIYUN_SMS_ENDPOINT, createSmsClient, type SendSmsInput, type SendSmsResult, type SmsClient, type SmsClientOptions } from './client.ts';
export { type SmsEmulator, type SmsEmulatorFailure, type SmsEmulatorOptions, type SmsMessage, startSmsEmulator } from './emulator.ts';
export { SmsError, type SmsErrorKind } from './errors.ts';
export { aliyunTimestamp, percentEncode, signRpc } from './sign.ts';
