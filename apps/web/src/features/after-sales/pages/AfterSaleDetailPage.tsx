/**
 * 售后详情 (/afterSale/afterSaleListDetail?id=…): the after-sale with its order, goods line, the
 * buyer's reason and photos, the return parcel, the money it moved and its timeline, with the
 * actions the server says its status allows now.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Space, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { afterSaleListPath } from '../after-sale-list';
import { afterSaleApi, afterSaleKeys } from '../api';
import { AfterSaleStatusTag } from '../components/AfterSaleStatusTag';
import { DetailInspection } from '../components/DetailInspection';
import { DetailSummary } from '../components/DetailSummary';
import { DetailTimelineMoney } from '../components/DetailTimelineMoney';
import { ACTION_LABELS, useAfterSaleActions } from '../components/use-after-sale-actions';

const LABELS = { ...ACTION_LABELS, CANCEL: '撤销售后' };

export default function AfterSaleDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: afterSaleKeys.detail(id), queryFn: () => afterSaleApi.detail(id), enabled: valid });
  const actions = useAfterSaleActions();

  if (!valid) return <Result status="warning" title="缺少售后单编号" extra={<Link to={afterSaleListPath}>返回售后订单</Link>} />;
  if (detail.isLoading) return <Spin description="正在加载…" />;
  const d = detail.data;
  if (!d) return <Empty description="售后单不存在或无权查看" />;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }}>
            售后单 {d.afterSaleNo}
          </Typography.Title>
          <AfterSaleStatusTag status={d.status} returnStatus={d.returnStatus} />
        </Space>
        <Space>
          {d.actions.map((a) => (
            <Button
              key={a}
              type={a === 'FILL_WAYBILL' || a === 'AGREE' || a === 'EXCHANGE_RESHIP' ? 'primary' : undefined}
              danger={a !== 'FILL_WAYBILL' && a !== 'AGREE' && a !== 'EXCHANGE_RESHIP'}
              loading={actions.busy}
              onClick={() => actions.run(a, d)}
            >
              {LABELS[a]}
            </Button>
          ))}
          <Link to={afterSaleListPath}>返回列表</Link>
        </Space>
      </Space>
      {d.replacementOrderNo ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={
            <>
              已换货补发：代发订单 <Link to={`/order/daifaOrderList/daifaOrederListDetail?id=${d.replacementOrderId}`}>{d.replacementOrderNo}</Link>
            </>
          }
        />
      ) : null}
      <DetailSummary detail={d} />
      <DetailInspection d={d} />
      <DetailTimelineMoney detail={d} />
      {actions.dialogs}
    </div>
  );
}
