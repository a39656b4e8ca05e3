/**
 * Our courier codes (the express companies' codes of the express module and of ShipNotice) mapped
 * to Kuaidi100's company codes (protocols.md §11; kuaidi100's "kdbm" table), plus how each
 * company's waybill numbers look, which the emulator imitates and the client sanity-checks.
 */
export const KUAIDI100_COMPANIES = {
  SF: 'shunfeng',
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YUNDA: 'yunda',
  JTSD: 'jtexpress',
  EMS: 'ems',
  YZXB: 'youzhengguonei',
  JD: 'jd',
  DBKD: 'debangkuaidi',
} as const;
export type CourierCompany = keyof typeof KUAIDI100_COMPANIES;

/** Kuaidi100's code for our courier code, or undefined when Kuaidi100 has none we know. */
export function kuaidi100Com(courierCode: string): string | undefined {
  return KUAIDI100_COMPANIES[courierCode as CourierCompany];
}

/** Our courier code for a Kuaidi100 company code. */
export function courierOfCom(com: string): CourierCompany | undefined {
  return (Object.keys(KUAIDI100_COMPANIES) as CourierCompany[]).find((k) => KUAIDI100_COMPANIES[k] === com);
}

/**
 * Waybill number shapes as printed on real parcels: prefix + digits. SF/YTO/JT/JD/DBKD carry
 * letters; ZTO, STO, YUNDA, EMS and postal parcels are all digits with a company prefix.
 */
export const WAYBILL_FORMATS: Record<string, { prefix: string; digits: number }> = {
  shunfeng: { prefix: 'SF', digits: 13 },
  zhongtong: { prefix: '78', digits: 12 },
  yuantong: { prefix: 'YT', digits: 13 },
  shentong: { prefix: '77', digits: 11 },
  yunda: { prefix: '43', digits: 11 },
  jtexpress: { prefix: 'JT', digits: 13 },
  ems: { prefix: '11', digits: 11 },
  youzhengguonei: { prefix: '98', digits: 11 },
  jd: { prefix: 'JDV', digits: 12 },
  debangkuaidi: { prefix: 'DPK', digits: 12 },
};

/** Kuaidi100 tracking states (protocols.md §11). */
export const TRACK_STATES = {
  '0': '在途',
  '1': '揽收',
  '2': '疑难',
  '3': '签收',
  '4': '退签',
  '5': '派件',
  '6': '退回',
  '7': '转投',
  '14': '拒签',
} as const;
