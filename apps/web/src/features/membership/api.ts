/** Calls of 会员 (plans on sale, the seller's status, purchase, the Alipay trade) with their query keys. Money is integer fen. */
import { fenToYuan, type MemberBuyBody, type MemberBuyResult, type MemberPayment, type MemberPlanOffer, type MemberStatus } from '@dropship/contract';
import { call } from '../../app/api';

export const memberKeys = {
  all: ['membership'] as const,
  plans: () => [...memberKeys.all, 'plans'] as const,
  status: () => [...memberKeys.all, 'status'] as const,
  payment: (outTradeNo: string) => [...memberKeys.all, 'payment', outTradeNo] as const,
};

export const memberApi = {
  plans: () => call<MemberPlanOffer[]>({ method: 'GET', url: '/api/b2/member/plans' }),
  status: () => call<MemberStatus>({ method: 'GET', url: '/api/b2/member/status' }),
  buy: (body: MemberBuyBody) => call<MemberBuyResult>({ method: 'POST', url: '/api/b2/member/buy', data: body }),
  /** An Alipay membership trade; the server asks Alipay while it is unpaid. */
  payment: (outTradeNo: string) => call<MemberPayment>({ method: 'GET', url: '/api/b2/member/payment', params: { outTradeNo } }),
};

/** What a plan unlocks, in words: 服务费8折、每件减¥0.10. */
export function benefitText(p: { serviceFeePercent: number; serviceFeeOffPerItemFen: number }): string {
  const parts: string[] = [];
  if (p.serviceFeePercent < 100) parts.push(p.serviceFeePercent === 0 ? '免代发服务费' : `代发服务费${p.serviceFeePercent / 10}折`);
  if (p.serviceFeeOffPerItemFen > 0) parts.push(`每件服务费再减¥${fenToYuan(p.serviceFeeOffPerItemFen)}`);
  return parts.length ? parts.join('，') : '无服务费优惠';
}
