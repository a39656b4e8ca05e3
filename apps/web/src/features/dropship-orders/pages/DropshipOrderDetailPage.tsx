/**
 * 代发订单详情 (/order/daifaOrderList/daifaOrederListDetail?id=…): the order with the receiver in
 * full, its lines with pick-up codes and take statuses (stop / resume a line), the money, the
 * tracking, the timeline of every transition and the ledger entries of the order.
 */
import { CHANNEL_NAMES, type Channel, payMethodLabel, type ReceiverFields } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Result, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { AFTER_SALE_ALLOWED } from '../../after-sales/apply-allowed';
import { ApplyAfterSaleModal, type ApplyTarget } from '../../after-sales/components/ApplyAfterSaleModal';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { ShipBackCard } from '../../warehouse/components/ShipBackCard';
import { dropshipApi, dropshipKeys } from '../api';
import { DetailItems } from '../components/DetailItems';
import { DetailMoney } from '../components/DetailMoney';
import { PayDialog, type PayTarget } from '../components/PayDialog';
import { ReceiverModal } from '../components/ReceiverModal';
import { StatusTag } from '../components/StatusTag';

export default function DropshipOrderDetailPage() {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: dropshipKeys.detail(id), queryFn: () => dropshipApi.detail(id), enabled: valid });
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const [editing, setEditing] = useState(false);
  // The order as it was when the dialog opened: a refetch meanwhile does not reset the chosen lines.
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: dropshipKeys.all });
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
  };
  const cancel = useMutation({
    mutationFn: () => dropshipApi.cancel([id], ''),
    onSuccess: (r) => {
      const x = r.results[0];
      if (x?.ok) message.success(x.message);
      else modal.warning({ title: '未能取消', content: x?.message });
      refresh();
    },
  });
  const receiver = useMutation({
    mutationFn: (v: ReceiverFields) => dropshipApi.updateReceiver(id, v),
    onSuccess: () => {
      message.success('收货信息已修改');
      setEditing(false);
      refresh();
    },
  });

  if (!valid) return <Result status="warning" title="缺少订单编号" extra={<Link to="/order/daifaOrderList">返回代发订单</Link>} />;
  if (detail.isLoading) return <Spin description="正在加载…" />;
  const o = detail.data;
  if (!o) return <Empty description="订单不存在或无权查看" />;
  // The platform's masks are no receiver to edit: changing an encrypted one starts from its area only.
  const r: ReceiverFields = {
    name: o.receiverEncrypted ? '' : o.receiverName,
    phone: o.receiverEncrypted ? '' : o.receiverPhone,
    province: o.receiverProvince,
    city: o.receiverCity,
    district: o.receiverDistrict,
    address: o.receiverEncrypted ? '' : o.receiverAddress,
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            代发订单 {o.orderNo}
          </Typography.Title>
          <StatusTag status={o.combinedStatus} />
          {o.speedDelivery && <Tag color="red">加急</Tag>}
        </Space>
        <Space>
          {o.allowed.pay && (
            <Button type="primary" onClick={() => setPaying([{ id: o.id, orderNo: o.orderNo, totalFen: o.totalFen }])}>
              去支付
            </Button>
          )}
          {o.allowed.updateReceiver && <Button onClick={() => setEditing(true)}>修改收货信息</Button>}
          {AFTER_SALE_ALLOWED.has(o.status) && <Button onClick={() => setApplying(o)}>申请售后</Button>}
          {o.allowed.cancel && (
            <Button
              danger
              loading={cancel.isPending}
              onClick={() =>
                modal.confirm({
                  title: `取消订单 ${o.orderNo}？`,
                  content: '已支付的款项将退回余额。',
                  okText: '确认取消',
                  cancelText: '再想想',
                  onOk: () => cancel.mutateAsync(),
                })
              }
            >
              取消订单
            </Button>
          )}
          <Link to="/order/daifaOrderList">返回列表</Link>
        </Space>
      </Space>
      <Card size="small" style={{ marginTop: 12 }}>
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
          <Descriptions.Item label="来源">
            {o.source === 'PROBLEM_RESHIP' ? (
              <Tag color="purple">问题件重发</Tag>
            ) : o.source === 'AFTER_SALE_EXCHANGE' ? (
              <Tag color="purple">换货补发</Tag>
            ) : o.shopName ? (
              `${o.shopName}（${CHANNEL_NAMES[o.channel as Channel] ?? o.channel}）`
            ) : (
              '手工订单'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="店铺订单号">{o.platformOrderId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="下单时间">{formatDateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="收货人">
            {o.receiverName} {o.receiverPhone}
            {o.receiverEncrypted && (
              <Tooltip title="发货时由平台解密或使用平台电子面单，卖家无需填写">
                <Tag color="blue" style={{ marginLeft: 8 }} data-testid="receiver-encrypted">
                  平台加密
                </Tag>
              </Tooltip>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="收货地址" span={2}>
            {[o.receiverProvince, o.receiverCity, o.receiverDistrict, o.receiverAddress].filter(Boolean).join(' ')}
          </Descriptions.Item>
          <Descriptions.Item label="付款">
            {o.paidAt ? `${formatDateTime(o.paidAt)} ${payMethodLabel(o.payMethod, o.payLaterState)}` : '未付款'}
          </Descriptions.Item>
          <Descriptions.Item label="物流">
            {o.trackingNo ? (
              <Link to={`/expressMsg?no=${encodeURIComponent(o.trackingNo)}`}>
                {o.courierName ?? o.expressName} {o.trackingNo}
              </Link>
            ) : (
              `${o.expressName}（尚未发货）`
            )}
          </Descriptions.Item>
          <Descriptions.Item label="备注">
            {[o.remark, o.buyerRemark && `买家：${o.buyerRemark}`, o.sellerRemark && `卖家：${o.sellerRemark}`].filter(Boolean).join('；') || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ShipBackCard orderId={o.id} />
      <DetailItems order={o} onChanged={refresh} />
      <DetailMoney order={o} />
      <PayDialog
        orders={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          refresh();
        }}
      />
      <ApplyAfterSaleModal order={applying} onClose={() => setApplying(null)} />
      <ReceiverModal open={editing} initial={r} saving={receiver.isPending} onClose={() => setEditing(false)} onSave={(v) => receiver.mutate(v)} />
    </div>
  );
}
