/** What the express rules page and its dialog share: the row shape and how rules are ordered and read. */
import type { ExpressPriceRule, ExpressRulesResult } from '@dropship/contract';

export type CompanyWithRules = ExpressRulesResult['companies'][number];

export const weightText = (g: number) => (g % 1000 === 0 ? `${g / 1000}千克` : `${g}克`);

/** The default rule ('' province) first, then the provinces in Chinese order. */
export const sortedRules = <R extends Pick<ExpressPriceRule, 'province'>>(rules: readonly R[]) =>
  [...rules].sort((a, b) => (a.province === '' ? -1 : b.province === '' ? 1 : a.province.localeCompare(b.province, 'zh-CN')));
