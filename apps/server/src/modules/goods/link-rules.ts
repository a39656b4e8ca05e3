/**
 * Link rules, pure: a pattern such as `档口#货号` or `档口-货号-颜色-尺码` is compiled once into a
 * regular expression and read against each SKU's outer code (anchored: the whole code must fit)
 * or title (searched: the first place that fits). Words of the pattern are RULE_TOKENS; every
 * other character is a literal separator, and a field never contains a separator.
 */
import { ErrorCode, PRICE_PATTERN, RULE_TOKENS, type RuleSource, yuanToFen } from '@dropship/contract';
import { AppError } from '../../lib/app-error.js';

export type Token = (typeof RULE_TOKENS)[number];

export interface CompiledRule {
  source: RuleSource;
  tokens: Token[];
  regex: RegExp;
  fixedSupplierId: number | null;
}

/** What a rule reads from one SKU, before the stall is looked up. */
export interface RuleFields {
  stall: string | null;
  artNo: string;
  color: string | null;
  size: string | null;
  costFen: number | null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const invalid = (detail: string) => new AppError(ErrorCode.LINK_RULE_INVALID, `规则格式不正确：${detail}`);

export function compileRule(pattern: string, source: RuleSource, fixedSupplierId: number | null): CompiledRule {
  const parts: ({ token: Token } | { literal: string })[] = [];
  let rest = pattern.trim();
  while (rest.length > 0) {
    const token = RULE_TOKENS.find((t) => rest.startsWith(t));
    if (token) {
      parts.push({ token });
      rest = rest.slice(token.length);
      continue;
    }
    const last = parts[parts.length - 1];
    if (last && 'literal' in last) last.literal += rest[0];
    else parts.push({ literal: rest[0] as string });
    rest = rest.slice(1);
  }
  const tokens = parts.flatMap((p) => ('token' in p ? [p.token] : []));
  if (!tokens.includes('货号')) throw invalid('须包含“货号”，例如 档口#货号');
  if (!tokens.includes('档口') && fixedSupplierId === null) throw invalid('不含“档口”时请选择固定档口');
  if (tokens.includes('档口') && fixedSupplierId !== null) throw invalid('已含“档口”的规则不能再选择固定档口');
  const twice = tokens.find((t, i) => tokens.indexOf(t) !== i);
  if (twice) throw invalid(`“${twice}”只能出现一次`);
  for (let i = 1; i < parts.length; i++) {
    const a = parts[i - 1];
    const b = parts[i];
    if (a && b && 'token' in a && 'token' in b) throw invalid(`“${a.token}”和“${b.token}”之间须有分隔符，例如 ${a.token}#${b.token}`);
  }
  const separators = [...new Set(parts.flatMap((p) => ('literal' in p ? [...p.literal] : [])))].map(escapeRegex).join('');
  const anchored = source !== 'TITLE';
  // In a title the stall and article number are taken as letters and digits only (titles have no
  // separators around the words); in an outer code a field is anything up to the next separator.
  const field = (t: Token) => {
    if (t === '价格') return '(\\d+(?:\\.\\d{1,2})?)';
    if (!anchored && (t === '档口' || t === '货号')) return '([A-Za-z0-9]+)';
    return `([^\\s${separators}]+)`;
  };
  const body = parts.map((p) => ('token' in p ? field(p.token) : escapeRegex(p.literal))).join('');
  return { source, tokens, regex: new RegExp(anchored ? `^${body}$` : body, 'i'), fixedSupplierId };
}

export interface SkuTexts {
  title: string;
  spec: string;
  outerItemCode: string;
  outerSkuCode: string;
}

export function sourceText(source: RuleSource, sku: SkuTexts): string {
  switch (source) {
    case 'OUTER_CODE':
      return (sku.outerSkuCode || sku.outerItemCode).trim();
    case 'OUTER_SKU_CODE':
      return sku.outerSkuCode.trim();
    case 'OUTER_ITEM_CODE':
      return sku.outerItemCode.trim();
    case 'TITLE':
      return sku.title.trim();
  }
}

/** The fields the rule reads from the text, or null when the text does not fit the pattern. */
export function readFields(rule: CompiledRule, text: string): RuleFields | null {
  const m = rule.regex.exec(text);
  if (!m) return null;
  const got = (t: Token) => {
    const i = rule.tokens.indexOf(t);
    return i < 0 ? null : (m[i + 1] ?? null);
  };
  const price = got('价格');
  return {
    stall: got('档口'),
    artNo: got('货号') ?? '',
    color: got('颜色'),
    size: got('尺码'),
    costFen: price !== null && PRICE_PATTERN.test(price) ? yuanToFen(price) : null,
  };
}

/** Color and size from a spec text (shared with the page, which pre-fills the link form with it). */
export { parseSpec } from '@dropship/contract';
