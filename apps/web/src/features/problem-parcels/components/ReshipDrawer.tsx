/**
 * 重发: the parcel's goods leave the warehouse in a new dropship order. The seller types the receiver
 * (the same fields as 修改收货信息), picks a courier with the quoted charge (express + service fee; the
 * goods were paid once), and confirms with the pay password: the order is placed and paid from the
 * balance in one step. The request key lives while the drawer is open, so a double click is one order.
 */
import { fenToYuan, type ProblemRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Drawer, Form, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { requestKey } from '../../../lib/request-key';
import { PaidReshipForm, type PaidReshipValues, reshipReceiver } from '../../dropship-orders/components/PaidReshipForm';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { problemApi, problemKeys } from '../api';
import { goodsText } from '../problem-list';

export function ReshipDrawer({ parcel, onClose }: { parcel: ProblemRow | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<PaidReshipValues>();
  const area = Form.useWatch('area', form) as string[] | undefined;
  const province = area?.[0] ?? '';
  const id = parcel?.id ?? 0;
  const key = useRef(requestKey());
  useEffect(() => {
    if (parcel) key.current = requestKey();
  }, [parcel]);
  const quote = useQuery({
    queryKey: problemKeys.reshipQuote(id, province),
    queryFn: () => problemApi.reshipQuote(id, province),
    enabled: id > 0 && province !== '',
  });
  const reship = useMutation({
    mutationFn: (v: PaidReshipValues) =>
      problemApi.reship({
        id,
        receiver: reshipReceiver(v),
        expressCode: v.expressCode,
        payPassword: v.payPassword,
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      message.success(`已重发为代发订单 ${r.orderNo}，已支付 ¥${fenToYuan(r.totalFen)}`);
      void qc.invalidateQueries({ queryKey: problemKeys.all });
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
      onClose();
    },
  });
  return (
    <Drawer title={`重发 ${parcel?.barcodeNo ?? ''}`} open={parcel !== null} onClose={onClose} size="large" destroyOnHidden>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="包裹里的商品已在仓库，重发将新建一个代发订单直接发出：不再拿货，商品费用为0，只需支付快递费和服务费（从余额扣除）。"
      />
      <Typography.Paragraph>商品：{parcel ? goodsText(parcel) || '—' : '—'}</Typography.Paragraph>
      <PaidReshipForm
        form={form}
        quotes={province ? (quote.data ?? []) : undefined}
        action="确认重发"
        pending={reship.isPending}
        onFinish={(v) => reship.mutate(v)}
      />
    </Drawer>
  );
}
