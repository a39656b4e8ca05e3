/**
 * The province → city → district tree (GET /api/b2/area/getThirdLevelAll): 6-digit division codes
 * and names, from the maintained data package named in docs/decisions/0007-order-import.md.
 */
import { z } from 'zod';

export const AreaDistrict = z.object({ code: z.string(), name: z.string() });
export type AreaDistrict = z.infer<typeof AreaDistrict>;

export const AreaCity = z.object({ code: z.string(), name: z.string(), children: z.array(AreaDistrict) });
export type AreaCity = z.infer<typeof AreaCity>;

export const AreaProvince = z.object({ code: z.string(), name: z.string(), children: z.array(AreaCity) });
export type AreaProvince = z.infer<typeof AreaProvince>;

export const AreaTree = z.array(AreaProvince);
export type AreaTree = z.infer<typeof AreaTree>;
