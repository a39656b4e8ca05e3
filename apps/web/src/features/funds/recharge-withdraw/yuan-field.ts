/** Amount fields in yuan (SPEC.md section 5: digits, at most two decimals), converted to fen exactly. */
import { fenToYuan, yuanToFen } from '@dropship/contract';
import { normalizePriceInput, priceRule } from '../../../lib/price';

/** Form.Item rules for an amount between minFen and maxFen, named `label` in the messages. */
export function yuanRules(label: string, minFen: number, maxFen: number) {
  return [
    { required: true, message: `请输入${label}` },
    priceRule,
    {
      validator: (_: unknown, v: string | undefined) => {
        const fen = v ? yuanToFen(v) : null;
        if (fen === null) return Promise.resolve();
        if (fen < minFen) return Promise.reject(new Error(`${label}至少${fenToYuan(minFen)}元`));
        if (fen > maxFen) return Promise.reject(new Error(`${label}不能超过${fenToYuan(maxFen)}元`));
        return Promise.resolve();
      },
    },
  ];
}

export const normalizeYuan = (v: string) => normalizePriceInput(v);

/** The fen of a validated yuan text. */
export function fenOf(v: string): number {
  const fen = yuanToFen(v);
  if (fen === null) throw new Error(`not a price: ${v}`);
  return fen;
}
