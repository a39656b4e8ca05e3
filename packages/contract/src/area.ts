/**
 * The province → city → district tree (GET /api/b2/area/getThirdLevelAll): 6-digit division codes
 * and names, from the maintained data package named in docs/decisions/0007-order-import.md.
 */
import { z } from 'zod';
import { requiredText } from './schema-helpers.js';

export const AreaDistrict = z.object({ code: z.string(), name: z.string() });
export type AreaDistrict = z.infer<typeof AreaDistrict>;

export const AreaCity = z.object({ code: z.string(), name: z.string(), children: z.array(AreaDistrict) });
export type AreaCity = z.infer<typeof AreaCity>;

export const AreaProvince = z.object({ code: z.string(), name: z.string(), children: z.array(AreaCity) });
export type AreaProvince = z.infer<typeof AreaProvince>;

export const AreaTree = z.array(AreaProvince);
export type AreaTree = z.infer<typeof AreaTree>;

/** 智能识别 (POST /api/b2/area/recognize): a receiver pasted as one text. */
export const RecognizeReceiverBody = z.object({ text: requiredText('收货信息', 500) });
export type RecognizeReceiverBody = z.infer<typeof RecognizeReceiverBody>;

/** What was found in the text; a part not found is empty (the area then is picked from the tree). */
export const RecognizedReceiver = z.object({
  name: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
});
export type RecognizedReceiver = z.infer<typeof RecognizedReceiver>;
