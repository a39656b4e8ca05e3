/**
 * 加急发货 as the place page needs it (decision 0017): whether the seller may ask for it, whether
 * new orders start urgent, and the operator's price per order. The setting itself lives in
 * fulfilment-settings.ts (SpeedDelivery), the price in PlatformFulfilmentPrices.
 */
import { z } from 'zod';

export const SpeedDeliveryTerms = z.object({
  /** The seller opened the service (基础设置→加急发货); without it an urgent order is refused. */
  enabled: z.boolean(),
  /** New orders start urgent (only ever true while enabled). */
  defaultOn: z.boolean(),
  /** The operator's current price per urgent order, in fen. */
  feeFen: z.number().int(),
});
export type SpeedDeliveryTerms = z.infer<typeof SpeedDeliveryTerms>;
