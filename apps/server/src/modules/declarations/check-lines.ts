/**
 * Checking declared lines: each stall typed (its code or its name) resolves to one enabled supplier
 * of the seller, each receiver (delivery RECEIVER) to an address of the area tree. Every problem
 * is reported per line in Chinese, so the page marks the rows and nothing half-right is saved.
 */
import type { DeclarationDelivery, DeclarationLineCheck, DeclarationSaveBody } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { findArea } from '../area/index.js';
import * as repo from './declarations.repository.js';

type Line = z.output<typeof import('@dropship/contract').DeclarationLineInput>;
type Supplier = Awaited<ReturnType<typeof repo.suppliersOf>>[number];

const norm = (s: string) => s.trim().toLowerCase();

/** Resolves what the seller wrote to a supplier, or says why it cannot. */
export function resolveStall(all: Supplier[], typed: string): { supplier: Supplier | null; problem: string | null } {
  const t = norm(typed);
  const byCode = all.filter((s) => s.code !== '' && norm(s.code) === t);
  const found = byCode.length > 0 ? byCode : all.filter((s) => norm(s.name) === t);
  if (found.length === 0) return { supplier: null, problem: `档口“${typed}”不存在，请先在供应商管理中添加，或填写档口编码` };
  if (found.length > 1) return { supplier: null, problem: `档口名称“${typed}”对应多个供应商，请改填档口编码` };
  const s = found[0] as Supplier;
  if (s.status !== 'ENABLED') return { supplier: null, problem: `档口“${typed}”已停用，请先在供应商管理中启用` };
  return { supplier: s, problem: null };
}

export function receiverProblem(delivery: DeclarationDelivery, r: Line['receiver']): string | null {
  if (delivery !== 'RECEIVER') return null;
  if (!r) return '请填写收货人、手机号和收货地址（或改为发到我的收货地址、仓库自提）';
  return findArea(r.province, r.city, r.district, r.address) ? null : `收货地址“${[r.province, r.city, r.district].join(' ')}”无法识别，请重新选择省市区`;
}

export interface CheckedLine {
  input: Line;
  supplier: Supplier | null;
  check: DeclarationLineCheck;
}

/** The verdict of every line, in order. */
export async function checkLines(db: Db, orgId: number, body: Pick<z.output<typeof DeclarationSaveBody>, 'delivery' | 'lines'>): Promise<CheckedLine[]> {
  const all = await repo.suppliersOf(db, orgId);
  return body.lines.map((input, i) => {
    const { supplier, problem } = resolveStall(all, input.stall);
    const problems = [problem, receiverProblem(body.delivery, input.receiver)].filter((p): p is string => p !== null);
    return { input, supplier, check: { lineNo: i + 1, supplierId: supplier?.id ?? null, stallName: supplier?.name ?? '', problems } };
  });
}

/** The problems as one message: the first few lines by number. */
export function problemsText(checked: CheckedLine[]): string | null {
  const bad = checked.filter((c) => c.check.problems.length > 0);
  if (bad.length === 0) return null;
  const text = bad
    .slice(0, 5)
    .map((c) => `第${c.check.lineNo}行：${c.check.problems.join('；')}`)
    .join('\n');
  return `${bad.length}行报单有错误，请修改后再保存：\n${text}${bad.length > 5 ? '\n……' : ''}`;
}
