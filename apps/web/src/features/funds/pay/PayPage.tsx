/**
 * 支付 (/funds/pay), the cashier. `?bizType=REPLENISH&ids=1,2&payCallback=bukuan` pays replenish
 * requests (no ids: pick from every pending one); `?bizType=RECHARGE|REPLENISH&outTradeNo=…` shows
 * what became of an Alipay trade. Coming back from Alipay with payCallback, the shell's boot
 * parameters (app/boot-params.tsx) send the seller on as SPEC.md section 7 lists.
 */
import { Card, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ReplenishCashier } from './ReplenishCashier';
import { TradeResult } from './TradeResult';

function idsOf(v: string | null): number[] | null {
  if (!v) return null;
  const ids = v.split(',').map(Number);
  return ids.every((n) => Number.isInteger(n) && n > 0) ? [...new Set(ids)].slice(0, 50) : null;
}

export default function PayPage() {
  const [params] = useSearchParams();
  const bizType = params.get('bizType') ?? 'REPLENISH';
  const outTradeNo = params.get('outTradeNo');
  let body: ReactNode;
  if ((bizType === 'RECHARGE' || bizType === 'REPLENISH') && outTradeNo && /^[A-Z]{2}\d{8,40}$/.test(outTradeNo)) {
    body = <TradeResult bizType={bizType} outTradeNo={outTradeNo} />;
  } else if (bizType === 'REPLENISH') {
    body = <ReplenishCashier ids={idsOf(params.get('ids'))} payCallback={params.get('payCallback')} />;
  } else {
    body = <Result status="warning" title="缺少支付信息" extra={<Link to="/funds/balance">返回余额</Link>} />;
  }
  return (
    <div>
      <Typography.Title level={4}>支付</Typography.Title>
      <Card size="small">{body}</Card>
    </div>
  );
}
