/**
 * Our courier codes (ShipNotice.courierCode) with their Chinese names. Each client maps them to
 * its platform's own codes; a courier the platform's map lacks is refused before any call.
 */
import { ChannelError } from './types.ts';

export const COURIERS = {
  SF: '顺丰速运',
  ZTO: '中通快递',
  YTO: '圆通速递',
  STO: '申通快递',
  YUNDA: '韵达快递',
  JTSD: '极兔速递',
  EMS: 'EMS',
  YZXB: '邮政快递包裹',
  JD: '京东快递',
  DBKD: '德邦快递',
} as const;
export type CourierCode = keyof typeof COURIERS;

/** The platform's code for our courier, or BAD_REQUEST naming it. */
export function platformCourier<T>(map: Partial<Record<CourierCode, T>>, courierCode: string, platform: string): T {
  const code = map[courierCode as CourierCode];
  if (code === undefined) {
    const name = COURIERS[courierCode as CourierCode] ?? courierCode;
    throw new ChannelError('BAD_REQUEST', 'unknown_courier', `${platform}不支持回传该快递公司：${name}，请换一家快递或在${platform}后台手动发货`);
  }
  return code;
}
