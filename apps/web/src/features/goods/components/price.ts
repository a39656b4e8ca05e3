/** Price fields of the goods forms: yuan text as typed (SPEC.md section 5) ⇄ integer fen. */
import { fenToYuan, yuanToFen } from '@dropship/contract';
import type { FormItemProps } from 'antd';
import { normalizePriceInput, priceRule } from '../../../lib/price';

/** Form.Item props of a price: typing is cleaned, at most two decimals. */
export const priceItemProps: Pick<FormItemProps, 'normalize' | 'rules'> = {
  normalize: (v: string) => normalizePriceInput(v),
  rules: [priceRule],
};

export const fenOf = (text: string | undefined | null): number | null => (text ? yuanToFen(text) : null);
export const yuanOf = (fen: number | null | undefined) => (fen === null || fen === undefined ? '' : fenToYuan(fen));
export const yuanLabel = (fen: number | null | undefined) => (fen === null || fen === undefined ? '未填' : `¥${fenToYuan(fen)}`);
