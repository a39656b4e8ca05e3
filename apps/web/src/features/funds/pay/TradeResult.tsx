/**
 * What became of one Alipay trade (a recharge, or a replenish payment) after the cashier: asked
 * again a few times while unpaid, since the server checks with Alipay when the notify is late.
 */
import { fenToYuan } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MONEY_QUERY_KEYS, paymentsApi, paymentsKeys } from '../payments-api';

const POLLS = 5;

export function TradeResult({ bizType, outTradeNo }: { bizType: 'RECHARGE' | 'REPLENISH'; outTradeNo: string }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const trade = useQuery({
    queryKey: bizType === 'RECHARGE' ? paymentsKeys.recharge(outTradeNo) : paymentsKeys.replenishPayment(outTradeNo),
    queryFn: async () => {
      const r = bizType === 'RECHARGE' ? await paymentsApi.rechargeStatus(outTradeNo) : await paymentsApi.replenishPayment(outTradeNo);
      return { status: r.status, amount: r.amount };
    },
    refetchInterval: (q) => (q.state.data?.status === 'WAITING_PAYMENT' && q.state.dataUpdateCount < POLLS ? 3_000 : false),
  });
  const paid = trade.data?.status === 'PAID';
  useEffect(() => {
    if (paid) for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
  }, [paid, qc]);

  if (!trade.data) return <Spin description="正在确认支付结果…" />;
  const what = bizType === 'RECHARGE' ? '充值' : '补款';
  const done = bizType === 'RECHARGE' ? '/funds/balance' : '/funds/transferRecord';
  if (paid) {
    return (
      <Result
        status="success"
        title={`${what}成功`}
        subTitle={`¥${fenToYuan(trade.data.amount)} · 商户订单号 ${outTradeNo}`}
        extra={
          <Button type="primary" onClick={() => navigate(done)}>
            {bizType === 'RECHARGE' ? '查看余额' : '查看补款记录'}
          </Button>
        }
      />
    );
  }
  return (
    <Result
      status={trade.data.status === 'CLOSED' ? 'warning' : 'info'}
      title={trade.data.status === 'CLOSED' ? `${what}未完成，支付宝交易已关闭` : `等待支付宝确认${what}结果`}
      subTitle={`¥${fenToYuan(trade.data.amount)} · 商户订单号 ${outTradeNo}`}
      extra={
        <Space>
          <Button loading={trade.isFetching} onClick={() => void trade.refetch()}>
            刷新支付结果
          </Button>
          <Button onClick={() => navigate(bizType === 'RECHARGE' ? '/funds/rechargeWithdraw?tab=recharge' : '/funds/transferRecord')}>
            {bizType === 'RECHARGE' ? '重新充值' : '返回补款列表'}
          </Button>
        </Space>
      }
    />
  );
}
