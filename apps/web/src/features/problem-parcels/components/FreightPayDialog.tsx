/**
 * 支付寄回运费: the shared cashier dialog (balance with the pay password, or Alipay with
 * payCallback=problem) for one parcel's freight; one request key per dialog, so a double click pays once.
 */
import { fenToYuan } from '@dropship/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { CashierPayModal } from '../../funds/pay/CashierPayModal';
import { problemApi, problemKeys } from '../api';

export interface FreightTarget {
  id: number;
  barcodeNo: string | null;
  freightFen: number;
}

export function FreightPayDialog({ target, onClose, onPaid }: { target: FreightTarget | null; onClose(): void; onPaid(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const paid = () => {
    void qc.invalidateQueries({ queryKey: problemKeys.all });
    onPaid();
  };
  return (
    <CashierPayModal
      title="支付寄回运费"
      target={target}
      amountFen={target?.freightFen ?? 0}
      what={`问题件 ${target?.barcodeNo ?? ''} 寄回运费`}
      pay={(p, requestKey) => problemApi.pay({ id: target?.id ?? 0, ...p, requestKey })}
      paymentKey={problemKeys.payment}
      payment={problemApi.payment}
      onPaidNow={(r) => {
        message.success(`运费 ¥${fenToYuan(r.amountFen)} 已支付，仓库将尽快寄回`);
        paid();
      }}
      onAlipayPaid={(p) => {
        if (p.parcelStatus === 'WAITING_RETURN') message.success('支付宝支付成功，仓库将尽快寄回');
        else message.warning('支付宝已付款，但该包裹已不在待支付运费状态，款项已转入余额');
        paid();
      }}
      onClose={onClose}
    />
  );
}
