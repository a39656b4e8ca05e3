/**
 * 购买会员: the shared cashier dialog (balance with the pay password, or Alipay with
 * payCallback=member) for one plan; one request key per dialog, so a double click buys once.
 */
import type { MemberPlanOffer } from '@dropship/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { formatDateTime } from '../../lib/date';
import { CashierPayModal } from '../funds/pay/CashierPayModal';
import { benefitText, memberApi, memberKeys } from './api';

export function MemberBuyDialog({ plan, onClose }: { plan: MemberPlanOffer | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: memberKeys.all });
    onClose();
  };
  return (
    <CashierPayModal
      title="购买会员"
      target={plan}
      amountFen={plan?.priceFen ?? 0}
      what={plan ? `${plan.name}（${plan.termDays}天，${benefitText(plan)}）` : ''}
      pay={(p, requestKey) => memberApi.buy({ planId: plan?.id ?? 0, ...p, requestKey })}
      paymentKey={memberKeys.payment}
      payment={memberApi.payment}
      onPaidNow={(r) => {
        message.success(`会员已开通，有效期至 ${formatDateTime(r.expiresAt)}`);
        done();
      }}
      onAlipayPaid={(p) => {
        if (p.expiresAt) message.success(`支付宝支付成功，会员有效期至 ${formatDateTime(p.expiresAt)}`);
        else message.warning('支付宝已付款，但该套餐已下架或调价，款项已转入余额');
        done();
      }}
      onClose={onClose}
    />
  );
}
