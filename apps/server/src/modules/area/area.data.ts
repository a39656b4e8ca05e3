/**
 * The area tree, built once from @vant/area-data (MIT, Youzan/Vant; 34 provinces, 369 cities,
 * 3,479 districts; docs/decisions/0007-order-import.md says why this package). The data is static,
 * so the tree and its JSON are made on first use and kept for the life of the process.
 */
import type { AreaProvince, AreaTree } from '@dropship/contract';
import { areaList } from '@vant/area-data';

let tree: AreaTree | undefined;
let json: string | undefined;

function build(): AreaTree {
  const { province_list: provinces, city_list: cities, county_list: counties } = areaList;
  const citiesOf = new Map<string, AreaProvince['children']>();
  for (const [code, name] of Object.entries(cities)) {
    const key = code.slice(0, 2);
    const list = citiesOf.get(key) ?? [];
    list.push({ code, name, children: [] });
    citiesOf.set(key, list);
  }
  const cityByPrefix = new Map<string, AreaProvince['children'][number]>();
  for (const list of citiesOf.values()) for (const c of list) cityByPrefix.set(c.code.slice(0, 4), c);
  for (const [code, name] of Object.entries(counties)) cityByPrefix.get(code.slice(0, 4))?.children.push({ code, name });
  return Object.entries(provinces).map(([code, name]) => ({ code, name, children: citiesOf.get(code.slice(0, 2)) ?? [] }));
}

/** Province → city → district, in division-code order. */
export function areaTree(): AreaTree {
  tree ??= build();
  return tree;
}

/** The success envelope of the tree as JSON text, serialized once (the call answers it as is). */
export function areaTreeEnvelopeJson(): string {
  json ??= JSON.stringify({ errorCode: 0, errorMsg: '成功', data: areaTree() });
  return json;
}
