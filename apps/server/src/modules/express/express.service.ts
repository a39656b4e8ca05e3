/**
 * Express fees: first weight + each started further step, by the receiver's province (its own rule,
 * else the company's default rule), the weight estimated from the item count unless given. The
 * service fee is per item. One function prices both the fee calls and order creation, so what the
 * page shows is what the order charges.
 */
import {
  ErrorCode,
  type ExpressFeeBody,
  type ExpressFeeRow,
  type ExpressRulesResult,
  type ExpressRulesSaveBody,
  type ExpressSettings,
  type PlaceExpressOption,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import { areaTree, matchNamed } from '../area/index.js';
import * as repo from './express.repository.js';

/** Databases already checked in this process (tests open several). */
const checked = new WeakSet<Db>();

/** Writes the default companies, rules and settings into an empty installation, once per process and database. */
export async function ensureExpressDefaults(db: Db) {
  if (checked.has(db)) return;
  if (!(await repo.hasSettings(db))) await repo.insertDefaults(db);
  checked.add(db);
}

/** The canonical province name (广东 → 广东省), so rules written with full names match. */
export const canonicalProvince = (p: string) => matchNamed(areaTree(), p)?.name ?? p.trim();

export function feeOf(rule: Pick<repo.RuleRecord, 'firstWeightGrams' | 'firstFen' | 'stepWeightGrams' | 'stepFen'>, weightGrams: number): number {
  const extra = Math.max(0, weightGrams - rule.firstWeightGrams);
  return rule.firstFen + Math.ceil(extra / rule.stepWeightGrams) * rule.stepFen;
}

export async function expressSettings(db: Db): Promise<ExpressSettings> {
  await ensureExpressDefaults(db);
  const s = await repo.findSettings(db);
  if (!s) throw new Error('express settings missing after defaults');
  return { serviceFeePerItemFen: s.serviceFeePerItemFen, itemWeightGrams: s.itemWeightGrams };
}

/** Everything fees are computed from, read once: a batch of a thousand orders prices them without further queries. */
export interface FeeBook {
  settings: ExpressSettings;
  fees(q: { province: string; itemCount: number; weightGrams?: number | undefined; expressCode?: string | undefined }): ExpressFeeRow[];
}

export async function loadFeeBook(db: Db): Promise<FeeBook> {
  const settings = await expressSettings(db);
  const [companies, rules] = await Promise.all([repo.listCompanies(db, true), repo.listRules(db)]);
  return {
    settings,
    fees(q) {
      const province = canonicalProvince(q.province);
      const weight = q.weightGrams ?? q.itemCount * settings.itemWeightGrams;
      return companies.flatMap((c) => {
        if (q.expressCode && q.expressCode !== c.code) return [];
        const own = rules.find((r) => r.expressCode === c.code && r.province === province);
        const rule = own ?? rules.find((r) => r.expressCode === c.code && r.province === '');
        return rule ? [{ code: c.code, name: c.name, feeFen: feeOf(rule, weight), weightGrams: weight, ruleProvince: rule.province }] : [];
      });
    },
  };
}

/** Fees of every enabled company (or the named one) for one province; companies without any rule are left out. */
export async function expressFees(db: Db, q: z.output<typeof ExpressFeeBody>): Promise<ExpressFeeRow[]> {
  return (await loadFeeBook(db)).fees(q);
}

/** The fee of one company, or DROPSHIP_EXPRESS_UNAVAILABLE when it is unknown, disabled or has no rule. */
export function expressFeeFrom(book: FeeBook, expressCode: string, province: string, itemCount: number): ExpressFeeRow {
  const [row] = book.fees({ province, itemCount, expressCode });
  if (!row) throw new AppError(ErrorCode.DROPSHIP_EXPRESS_UNAVAILABLE, `快递（${expressCode}）暂不可用，请换一家快递`);
  return row;
}

export async function listExpress(db: Db, onlyEnabled: boolean) {
  await ensureExpressDefaults(db);
  return (await repo.listCompanies(db, onlyEnabled)).map((c) => ({ code: c.code, name: c.name, enabled: c.enabled, sort: c.sort }));
}

/** For placing: enabled companies with their default first-weight price. */
export async function placeExpressOptions(db: Db): Promise<PlaceExpressOption[]> {
  await ensureExpressDefaults(db);
  const [companies, rules] = await Promise.all([repo.listCompanies(db, true), repo.rulesFor(db, '')]);
  return companies.flatMap((c) => {
    const r = rules.find((x) => x.expressCode === c.code);
    return r ? [{ code: c.code, name: c.name, firstWeightGrams: r.firstWeightGrams, firstFen: r.firstFen }] : [];
  });
}

export async function expressRules(db: Db, onlyEnabled: boolean): Promise<ExpressRulesResult> {
  await ensureExpressDefaults(db);
  const [companies, rules, settings] = await Promise.all([repo.listCompanies(db, onlyEnabled), repo.listRules(db), expressSettings(db)]);
  return {
    companies: companies.map((c) => ({
      code: c.code,
      name: c.name,
      enabled: c.enabled,
      sort: c.sort,
      rules: rules
        .filter((r) => r.expressCode === c.code)
        .map((r) => ({
          expressCode: r.expressCode,
          province: r.province,
          firstWeightGrams: r.firstWeightGrams,
          firstFen: r.firstFen,
          stepWeightGrams: r.stepWeightGrams,
          stepFen: r.stepFen,
        })),
    })),
    settings,
  };
}

/** Operator: one company's name, flag and its whole rule set, in one transaction. */
export async function saveExpressRules(db: Db, body: z.output<typeof ExpressRulesSaveBody>) {
  await ensureExpressDefaults(db);
  const rules = body.rules.map((r) => ({ ...r, province: r.province ? canonicalProvince(r.province) : '' }));
  if (new Set(rules.map((r) => r.province)).size !== rules.length)
    throw new AppError(ErrorCode.BAD_REQUEST, '运费规则：同一省份只能有一条（注意“广东”和“广东省”是同一个省）');
  await inTransaction(db, async (t) => {
    await repo.saveCompany(t, { code: body.code, name: body.name, enabled: body.enabled, sort: body.sort });
    await repo.replaceRules(t, body.code, rules);
  });
  return expressRules(db, false);
}

export async function saveExpressSettings(db: Db, s: ExpressSettings) {
  await ensureExpressDefaults(db);
  await repo.saveSettings(db, s);
  return expressSettings(db);
}
