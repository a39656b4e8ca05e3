/**
 * 换货补发: the stall took the exchange's goods back, so the buyer's new piece is placed and paid here
 * in one step. The receiver starts as the original order's (the seller may change it; a receiver the
 * platform keeps encrypted must be typed), the courier as the original's; the quote shows what it
 * costs (express + service fee: the goods money the stall kept pays the piece). The request key lives
 * while the drawer is open, so a double click is one order; the answer links the new order.
 */
import { fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Drawer, Form, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { requestKey } from '../../../lib/request-key';
import { dropshipKeys } from '../../dropship-orders/api';
import { PaidReshipForm, type PaidReshipValues, reshipReceiver } from '../../dropship-orders/components/PaidReshipForm';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { afterSaleApi, afterSaleKeys } from '../api';

export interface ExchangeTarget {
  id: number;
  afterSaleNo: string;
}

export function ExchangeReshipDrawer({ target, onClose }: { target: ExchangeTarget | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<PaidReshipValues>();
  const area = Form.useWatch('area', form) as string[] | undefined;
  const province = area?.[0] ?? '';
  const id = target?.id ?? 0;
  const key = useRef(requestKey());
  const [placed, setPlaced] = useState<{ orderId: number; orderNo: string; totalFen: number } | null>(null);
  useEffect(() => {
    if (target) {
      key.current = requestKey();
      setPlaced(null);
    }
  }, [target]);
  const quote = useQuery({
    queryKey: afterSaleKeys.exchangeQuote(id, province),
    queryFn: () => afterSaleApi.exchangeQuote(id, province || undefined),
    enabled: id > 0,
  });
  const q = quote.data;
  // The first answer fills the form with the original order's receiver and courier.
  const filled = useRef(0);
  useEffect(() => {
    if (!q || filled.current === id) return;
    filled.current = id;
    const r = q.receiver;
    form.setFieldsValue({
      expressCode: q.expressCode,
      ...(r ? { name: r.name, phone: r.phone, area: [r.province, r.city, r.district].filter(Boolean), address: r.address } : {}),
    });
  }, [q, id, form]);
  const reship = useMutation({
    mutationFn: (v: PaidReshipValues) =>
      afterSaleApi.exchangeReship({
        id,
        receiver: reshipReceiver(v),
        expressCode: v.expressCode,
        payPassword: v.payPassword,
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      message.success(`已补发为代发订单 ${r.orderNo}，已支付 ¥${fenToYuan(r.totalFen)}`);
      setPlaced(r);
      void qc.invalidateQueries({ queryKey: afterSaleKeys.all });
      void qc.invalidateQueries({ queryKey: dropshipKeys.all });
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    },
  });
  return (
    <Drawer title={`换货补发 ${target?.afterSaleNo ?? ''}`} open={target !== null} onClose={onClose} size="large" destroyOnHidden>
      {placed ? (
        <Result
          status="success"
          title={`已补发为代发订单 ${placed.orderNo}`}
          subTitle={`已从余额支付 ¥${fenToYuan(placed.totalFen)}，拿货员将到原档口拿货后发给买家`}
          extra={<Link to={`/order/daifaOrderList/daifaOrederListDetail?id=${placed.orderId}`}>查看代发订单</Link>}
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="档口已收回退货，补发将新建一个代发订单到原档口拿同款：货款由收回的退货抵扣，只需支付快递费和服务费（从余额扣除）。"
          />
          {q ? (
            <Typography.Paragraph>
              商品：{q.stallName} {[q.artNo || q.title, q.color, q.size].filter(Boolean).join(' ')} × {q.quantity}　可用余额 ¥{fenToYuan(q.availableFen)}
            </Typography.Paragraph>
          ) : null}
          {q && !q.receiver ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="原订单收货人由平台加密，请填写补发的收货人" /> : null}
          <PaidReshipForm form={form} quotes={q?.quotes} action="确认补发" pending={reship.isPending} onFinish={(v) => reship.mutate(v)} />
        </>
      )}
    </Drawer>
  );
}
