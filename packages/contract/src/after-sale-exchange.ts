/**
 * 换货补发 (decision 0026, "Exchanges' replacement"): once the stall took an exchange's goods back,
 * the seller places and pays in one step a new dropship order of the same stall line to the buyer.
 * The quote answers what it costs (express + service fee: the goods are covered by the money the stall
 * kept), the balance, and the receiver and courier the replacement takes by default.
 */
import { z } from 'zod';
import { ReceiverFields } from './dropship-orders.js';
import { requestKeyField } from './funds.js';
import { id, requiredText } from './schema-helpers.js';

export const ExchangeQuoteBody = z.object({ id: id('售后单'), province: requiredText('收货省份', 20).optional() });
export type ExchangeQuoteBody = z.input<typeof ExchangeQuoteBody>;

export const ExchangeQuoteResult = z.object({
  /** The original order's receiver (plain), null when the platform holds it encrypted: the seller types one. */
  receiver: ReceiverFields.nullable(),
  /** The original order's courier, offered first. */
  expressCode: z.string(),
  /** What the replacement takes from the stall: the quantity the stall took back. */
  quantity: z.number().int(),
  title: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  stallName: z.string(),
  /** Every courier's charges to the province asked (or the original receiver's). */
  quotes: z.array(
    z.object({ code: z.string(), name: z.string(), expressFeeFen: z.number().int(), serviceFeeFen: z.number().int(), totalFen: z.number().int() }),
  ),
  availableFen: z.number().int(),
});
export type ExchangeQuoteResult = z.infer<typeof ExchangeQuoteResult>;

/** 换货补发: receiver and courier optional (the original order's), paid from the balance (pay password, request key). */
export const ExchangeReshipBody = z.object({
  id: id('售后单'),
  receiver: ReceiverFields.optional(),
  expressCode: requiredText('快递公司', 30).optional(),
  payPassword: z
    .string({ error: (iss) => (iss.input === undefined ? '请输入支付密码' : '支付密码必须是文字') })
    .regex(/^\d{6}$/, '支付密码必须是6位数字')
    .describe('支付密码'),
  requestKey: requestKeyField,
});
export type ExchangeReshipBody = z.input<typeof ExchangeReshipBody>;

export const ExchangeReshipResult = z.object({
  id: z.number(),
  afterSaleNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  totalFen: z.number().int(),
});
export type ExchangeReshipResult = z.infer<typeof ExchangeReshipResult>;
