/**
 * 智能识别: a receiver pasted as one text (from a chat, a marketplace's order page, a spreadsheet
 * row) split into name, phone and the area tree's province / city / district with the street
 * address. Our own on the area tree rather than a library: the measured libraries carry their own,
 * older division lists, so their districts would not pass the server's area check
 * (docs/decisions/0036-first-day.md has the measurement).
 */
import { areaTree } from './area.data.js';
import { matchNamed, type SplitAddress, shortName, splitAddress } from './area.lookup.js';

export interface RecognizedReceiver {
  name: string;
  phone: string;
  /** Empty strings when the area was not found (the seller picks it from the tree). */
  province: string;
  city: string;
  district: string;
  address: string;
}

/** Field labels people paste along with the values (收货人：张三 手机号码：…). */
const LABELS =
  /(收货人姓名|收货人|收件人|联系人|姓名|名字|手机号码|手机号|手机|联系电话|电话号码|电话|所在地区|所在地|省市区|详细地址|收货地址|收件地址|地址|邮编|邮政编码)\s*[:：]?/g;
const MOBILE = /(?:\+?86[-\s]?)?(1[3-9]\d(?:[-\s]?\d{4}){2})(?:[-转#](\d{1,6}))?/;
const LANDLINE = /(0\d{2,3}-?\d{7,8})/;
const POSTCODE = /(^|\s)\d{6}(?=\s|$)/g;
const SEPARATORS = /[\s,，;；、|]+/;

function takePhone(text: string): { phone: string; rest: string } {
  const mobile = MOBILE.exec(text);
  const m = mobile ?? LANDLINE.exec(text);
  if (!m) return { phone: '', rest: text };
  // A mobile's spaces and dashes go (138 0013 8000); a virtual number keeps its extension (…-1234).
  const phone = mobile ? `${m[1]!.replace(/[-\s]/g, '')}${m[2] ? `-${m[2]}` : ''}` : m[1]!;
  return { phone, rest: `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}` };
}

let areaNames: Set<string> | undefined;
/** A province's, city's or district's name (上海, 上海市, 浦东新区…). */
function isAreaName(t: string) {
  if (!areaNames) {
    areaNames = new Set();
    for (const p of areaTree()) {
      // Provinces and cities by their short names too (上海, 杭州); districts only in full (王五镇 is
      // a district, 王五 a person).
      for (const n of [p, ...p.children]) {
        areaNames.add(n.name);
        areaNames.add(shortName(n.name));
      }
      for (const d of p.children.flatMap((c) => c.children)) areaNames.add(d.name);
    }
  }
  return areaNames.has(t);
}

/** A name: short, no digits, not an area (张三, 欧阳娜娜, Lily). */
const looksLikeName = (t: string) => t.length >= 1 && t.length <= 12 && !/\d/.test(t) && !/[省市区县路街道镇村号栋楼室]$/.test(t) && !isAreaName(t);

/** An address missing its province (杭州市西湖区…, 西湖区…): the one province whose city opens it. */
function withProvince(text: string): SplitAddress | null {
  const direct = splitAddress(text);
  if (direct) return direct;
  const hits: SplitAddress[] = [];
  for (const p of areaTree()) {
    if (p.children.some((c) => [c.name, shortName(c.name)].some((f) => f.length >= 2 && text.startsWith(f)))) {
      const s = splitAddress(p.name + text);
      if (s) hits.push(s);
    }
  }
  if (hits.length === 1) return hits[0]!;
  // A city written by its common short form (恩施州 for 恩施土家族苗族自治州): the tree's matching decides.
  const lead = /^(.{2,8}?(?:自治州|地区|州|盟|市))(.*)$/.exec(text.replace(/\s+/g, ''));
  if (!lead) return null;
  const cities = areaTree().flatMap((p) => p.children.map((c) => ({ p, c, name: c.name })));
  const hit = matchNamed(cities, lead[1]!);
  return hit ? splitAddress(`${hit.p.name}${hit.c.name}${lead[2]}`) : null;
}

/** The receiver in a pasted text; whatever is not found comes back empty. */
export function recognizeReceiver(input: string): RecognizedReceiver {
  const labelled = input.replace(/\r/g, '').replace(LABELS, ' ');
  const { phone, rest } = takePhone(labelled);
  const tokens = rest
    .replace(POSTCODE, ' ')
    .split(SEPARATORS)
    .map((t) => t.trim())
    .filter(Boolean);
  // The name is a short token before or after the address; try both ends, then none.
  const tries: { name: string; parts: string[] }[] = [];
  if (tokens.length > 1 && looksLikeName(tokens[0]!)) tries.push({ name: tokens[0]!, parts: tokens.slice(1) });
  if (tokens.length > 1 && looksLikeName(tokens[tokens.length - 1]!)) tries.push({ name: tokens[tokens.length - 1]!, parts: tokens.slice(0, -1) });
  tries.push({ name: '', parts: tokens });
  for (const t of tries) {
    const area = withProvince(t.parts.join(' '));
    if (area?.address) return { name: t.name, phone, province: area.province, city: area.city, district: area.district, address: area.address };
  }
  const fallback = tries[0] ?? { name: '', parts: tokens };
  return { name: fallback.name, phone, province: '', city: '', district: '', address: fallback.parts.join('') };
}
