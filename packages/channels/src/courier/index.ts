/** Public entry of the courier channel: the Kuaidi100 client (tracking, e-waybill) and its local emulator. */

export {
  createKuaidi100Client,
  KUAIDI100_LABEL_URL,
  KUAIDI100_QUERY_URL,
  type Kuaidi100Client,
  type Kuaidi100ClientOptions,
  type TrackQuery,
  type TrackResult,
  type TrackTrace,
  type WaybillOrder,
  type WaybillParty,
  type WaybillResult,
} from './client.ts';
export { courierOfCom, KUAIDI100_COMPANIES, kuaidi100Com, TRACK_STATES, WAYBILL_FORMATS } from './codes.ts';
export { type CourierEmulator, type CourierEmulatorFailure, type CourierEmulatorOptions, startCourierEmulator } from './emulator.ts';
export type { EmulatorWaybill as CourierEmulatorWaybill } from './emulator-state.ts';
export { CourierError, type CourierErrorKind } from './errors.ts';
export { signQuery as kuaidi100QuerySign, signWithSecret as kuaidi100SecretSign } from './sign.ts';
export {
  KUAIDI100_SUBSCRIBE_URL,
  PUSH_ACCEPTED as KUAIDI100_PUSH_ACCEPTED,
  PUSH_REFUSED as KUAIDI100_PUSH_REFUSED,
  readTrackPush,
  signPush as kuaidi100PushSign,
  type TrackPush,
  type TrackSubscription,
} from './subscribe.ts';
