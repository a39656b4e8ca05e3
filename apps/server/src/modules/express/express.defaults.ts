/**
 * The platform's starting express companies and prices (fen), written on first use of an empty
 * table so a fresh installation can price orders before the operator sets anything. Zones follow
 * how Guangzhou/Hangzhou senders are charged: a cheap home zone, a normal rest of China, dearer
 * far provinces, and the far west at several times the price.
 */
export const DEFAULT_SETTINGS = { serviceFeePerItemFen: 100, itemWeightGrams: 500 } as const;

type Zone = 'near' | 'far' | 'remote';

const ZONES: Record<Zone, string[]> = {
  near: ['广东省', '浙江省', '江苏省', '上海市', '福建省'],
  far: ['内蒙古自治区', '甘肃省', '青海省', '宁夏回族自治区', '海南省', '黑龙江省', '吉林省'],
  remote: ['新疆维吾尔自治区', '西藏自治区'],
};

interface Price {
  first: number;
  step: number;
}

/** Default (rest of China) and the zones' prices per company, first kilo + each further kilo. */
const COMPANIES: { code: string; name: string; sort: number; base: Price; zones: Record<Zone, Price> }[] = [
  {
    code: 'ZTO',
    name: '中通快递',
    sort: 10,
    base: { first: 450, step: 200 },
    zones: { near: { first: 350, step: 100 }, far: { first: 800, step: 500 }, remote: { first: 1800, step: 1500 } },
  },
  {
    code: 'YTO',
    name: '圆通速递',
    sort: 20,
    base: { first: 420, step: 200 },
    zones: { near: { first: 330, step: 100 }, far: { first: 800, step: 500 }, remote: { first: 1800, step: 1500 } },
  },
  {
    code: 'STO',
    name: '申通快递',
    sort: 30,
    base: { first: 400, step: 200 },
    zones: { near: { first: 320, step: 100 }, far: { first: 750, step: 500 }, remote: { first: 1700, step: 1500 } },
  },
  {
    code: 'YUNDA',
    name: '韵达快递',
    sort: 40,
    base: { first: 400, step: 200 },
    zones: { near: { first: 320, step: 100 }, far: { first: 750, step: 500 }, remote: { first: 1700, step: 1500 } },
  },
  {
    code: 'JTSD',
    name: '极兔速递',
    sort: 50,
    base: { first: 380, step: 180 },
    zones: { near: { first: 300, step: 100 }, far: { first: 700, step: 450 }, remote: { first: 1600, step: 1400 } },
  },
  {
    code: 'SF',
    name: '顺丰速运',
    sort: 60,
    base: { first: 1200, step: 500 },
    zones: { near: { first: 1000, step: 300 }, far: { first: 1800, step: 800 }, remote: { first: 2300, step: 1500 } },
  },
  {
    code: 'EMS',
    name: 'EMS',
    sort: 70,
    base: { first: 1000, step: 600 },
    zones: { near: { first: 900, step: 400 }, far: { first: 1300, step: 800 }, remote: { first: 1500, step: 1000 } },
  },
];

export interface DefaultRule {
  expressCode: string;
  province: string;
  firstWeightGrams: number;
  firstFen: number;
  stepWeightGrams: number;
  stepFen: number;
}

export const DEFAULT_COMPANIES = COMPANIES.map(({ code, name, sort }) => ({ code, name, sort, enabled: true }));

export const DEFAULT_RULES: DefaultRule[] = COMPANIES.flatMap((c) => {
  const rule = (province: string, p: Price) => ({
    expressCode: c.code,
    province,
    firstWeightGrams: 1000,
    firstFen: p.first,
    stepWeightGrams: 1000,
    stepFen: p.step,
  });
  return [rule('', c.base), ...(Object.keys(ZONES) as Zone[]).flatMap((z) => ZONES[z].map((p) => rule(p, c.zones[z])))];
});
