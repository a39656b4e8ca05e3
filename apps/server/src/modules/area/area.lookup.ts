/**
 * Finds a province / city / district in the area tree the way sellers and marketplaces write
 * them: with or without 省/市/自治区 suffixes (浙江 = 浙江省, 广西 = 广西壮族自治区, 恩施州 =
 * 恩施土家族苗族自治州), municipalities with 北京/北京市/市辖区 or no city at all, province-direct
 * counties (湖北省 仙桃市 → 省直辖县 仙桃市), and renamed counties (铜山县 → 铜山区).
 */
import type { AreaCity, AreaDistrict, AreaProvince } from '@dropship/contract';
import { areaTree } from './area.data.js';

export interface AreaMatch {
  province: string;
  city: string;
  district: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
}

interface Named {
  name: string;
}

const SUFFIXES = [
  '特别行政区',
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '自治区',
  '自治州',
  '自治县',
  '自治旗',
  '地区',
  '街道',
  '省',
  '市',
  '盟',
  '区',
  '县',
  '旗',
  '州',
  '镇',
];
/** What a municipality's or a province's second level is called when it names no real city. */
const NO_CITY = new Set(['市辖区', '县', '城区', '郊县', '省直辖县级行政区划', '省直辖县', '自治区直辖县级行政区划']);

const clean = (s: string | undefined | null) => (s ?? '').replace(/\s+/g, '').trim();

const shortNames = new Map<string, string>();

/** The name without its administrative suffix (杭州市 → 杭州, 恩施土家族苗族自治州 → 恩施土家族苗族). */
export function shortName(name: string): string {
  let short = shortNames.get(name);
  if (short === undefined) {
    short = name;
    for (const s of SUFFIXES) {
      if (name.length > s.length + 1 && name.endsWith(s)) {
        short = name.slice(0, -s.length);
        break;
      }
    }
    if (shortNames.size < 50_000) shortNames.set(name, short);
  }
  return short;
}

/** Nodes of one level by full and by short name (null: two nodes share it), built once per list. */
interface NameIndex {
  exact: Map<string, Named | null>;
  short: Map<string, Named | null>;
}
const indexes = new WeakMap<readonly Named[], NameIndex>();

function nameIndex(nodes: readonly Named[]): NameIndex {
  let idx = indexes.get(nodes);
  if (!idx) {
    const add = (m: Map<string, Named | null>, k: string, n: Named) => m.set(k, m.has(k) && m.get(k) !== n ? null : n);
    idx = { exact: new Map(), short: new Map() };
    for (const n of nodes) {
      add(idx.exact, n.name, n);
      add(idx.short, shortName(n.name), n);
    }
    indexes.set(nodes, idx);
  }
  return idx;
}

/**
 * The one node the input names, trying stricter rules first: exact, suffix-less equal, then a
 * unique prefix (恩施 → 恩施土家族苗族自治州). Ambiguous or unknown → undefined.
 */
export function matchNamed<T extends Named>(nodes: readonly T[], input: string): T | undefined {
  const raw = clean(input);
  if (!raw) return undefined;
  const idx = nameIndex(nodes);
  if (idx.exact.has(raw)) return (idx.exact.get(raw) ?? undefined) as T | undefined;
  const short = shortName(raw);
  const a = idx.short.get(raw);
  const b = idx.short.get(short);
  if (a === null || b === null || (a && b && a !== b)) return undefined;
  if (a || b) return (a ?? b) as T;
  if (short.length < 2) return undefined;
  const hits = nodes.filter((n) => n.name.startsWith(short));
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * A list of the one node called `name`, the same list for the same name, so that matchNamed builds
 * its index once per name (every row of an import asks with a new name list otherwise: 10,000 indexes
 * built and dropped per file). Bounded by the tree's names.
 */
const oneNode = new Map<string, readonly Named[]>();
function nodeNamed(name: string): readonly Named[] {
  let list = oneNode.get(name);
  if (!list) {
    list = [{ name }];
    if (oneNode.size < 50_000) oneNode.set(name, list);
  }
  return list;
}

const toMatch = (p: AreaProvince, c: AreaCity, d: AreaDistrict): AreaMatch => ({
  province: p.name,
  city: c.name,
  district: d.name,
  provinceCode: p.code,
  cityCode: c.code,
  districtCode: d.code,
});

function districtIn(cities: readonly AreaCity[], name: string): { city: AreaCity; district: AreaDistrict } | undefined {
  const hits: { city: AreaCity; district: AreaDistrict }[] = [];
  for (const city of cities) {
    const district = matchNamed(city.children, name);
    if (district) hits.push({ city, district });
  }
  return hits.length === 1 ? hits[0] : undefined;
}

/** A district named at the start of the street address (东莞市 with 长安镇… and no district column). */
function districtFromAddress(city: AreaCity, address: string): AreaDistrict | undefined {
  const a = clean(address);
  const hits = city.children.filter((d) => a.startsWith(d.name));
  return hits.length === 1 ? hits[0] : undefined;
}

/** Their second level names no real city (重庆 has 重庆市 and 县): the district decides. */
const MUNICIPALITIES = new Set(['110000', '120000', '310000', '500000']);

/**
 * The canonical province, city and district for what a file or a form says, or null when the
 * three levels cannot be found. `address` helps only when the district is missing.
 */
export function findArea(province: string, city: string, district: string, address = ''): AreaMatch | null {
  const p = matchNamed(areaTree(), province);
  if (!p) return null;
  const c = clean(city);
  const d = clean(district);
  if (c && !NO_CITY.has(c) && !MUNICIPALITIES.has(p.code)) {
    const found = matchNamed(p.children, c);
    if (found) {
      let dist = d ? matchNamed(found.children, d) : undefined;
      // No district, or the city written again (东莞市 东莞市 长安镇…): the address may start with it.
      if (!dist && (!d || shortName(d) === shortName(found.name))) dist = districtFromAddress(found, address);
      // A district outside the named city is refused rather than silently moved to another city.
      return dist ? toMatch(p, found, dist) : null;
    }
    // Province-direct counties: the "city" is a district of 省直辖县 (湖北省 仙桃市 [镇]).
    const direct = districtIn(p.children, c);
    if (direct) return toMatch(p, direct.city, direct.district);
  }
  if (!d) return null;
  // Municipalities and files without a city: the district decides (北京 朝阳区).
  const hit = districtIn(p.children, d);
  return hit ? toMatch(p, hit.city, hit.district) : null;
}

export interface SplitAddress extends AreaMatch {
  /** The street address after province, city and district. */
  address: string;
}

const POSTCODE = /[(（]\s*\d{6}\s*[)）]\s*$/;

function prefixNode<T extends Named>(nodes: readonly T[], text: string): { node: T; rest: string } | undefined {
  let best: { node: T; rest: string } | undefined;
  for (const n of nodes) {
    for (const form of [n.name, shortName(n.name)]) {
      if (form.length >= 2 && text.startsWith(form) && (!best || form.length > text.length - best.rest.length))
        best = { node: n, rest: text.slice(form.length) };
    }
  }
  return best;
}

/** Splits a prefix-written address (浙江省杭州市西湖区文三路1号) with the tree. */
function splitByPrefix(text: string): SplitAddress | null {
  const p = prefixNode(areaTree(), text);
  if (!p) return null;
  let rest = p.rest.replace(/^(市辖区|省直辖县级行政区划|自治区直辖县级行政区划)/, '');
  const c = prefixNode(p.node.children, rest);
  let cities = p.node.children;
  if (c) {
    rest = c.rest.replace(/^市辖区/, '');
    if (!MUNICIPALITIES.has(p.node.code)) cities = [c.node];
  }
  const ds = cities.flatMap((city) => {
    const hit = prefixNode(city.children, rest);
    return hit ? [{ city, ...hit }] : [];
  });
  const best = ds.sort((a, b) => a.rest.length - b.rest.length)[0];
  if (!best || (ds.length > 1 && ds[1]!.rest.length === best.rest.length)) return null;
  return { ...toMatch(p.node, best.city, best.node), address: best.rest.trim() };
}

/**
 * Splits a full address ("浙江省 杭州市 西湖区 文三路1号(310000)", "北京 北京市 朝阳区 …",
 * "浙江省杭州市西湖区文三路1号") into the tree's province, city and district and the rest.
 */
export function splitAddress(full: string): SplitAddress | null {
  const text = full.replace(POSTCODE, '').trim();
  if (!text) return null;
  const tokens = text.split(/\s+/);
  if (tokens.length >= 3) {
    const [t0 = '', t1 = '', t2 = ''] = tokens;
    const three = findArea(t0, t1, t2);
    // A province-direct county (湖北省 仙桃市 干河街道 …) used two tokens: the third is the town.
    const used = three && matchNamed(nodeNamed(three.district), t2) ? 3 : 2;
    if (three) return { ...three, address: tokens.slice(used).join(' ') };
    const two = findArea(t0, '', t1);
    if (two) return { ...two, address: tokens.slice(2).join(' ') };
  }
  return splitByPrefix(text.replace(/\s+/g, ''));
}
