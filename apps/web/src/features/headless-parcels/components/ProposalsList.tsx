/** 可能是您的包裹: the automatic matching's proposals; confirming one submits a claim the warehouse still checks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, List, Space, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { headlessApi, headlessKeys, type ProposalRow } from '../api';
import { GoodsText } from './GoodsText';
import { PhotoStrip } from './PhotoStrip';

export function ProposalsList() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const proposals = useQuery({ queryKey: headlessKeys.proposals(), queryFn: headlessApi.proposals });
  const confirm = useMutation({
    mutationFn: (id: number) => headlessApi.confirmProposal(id),
    onSuccess: () => {
      message.success('已提交认领，等待仓库确认');
      void qc.invalidateQueries({ queryKey: headlessKeys.all });
    },
  });
  if (!proposals.isFetching && (proposals.data ?? []).length === 0) return <Empty description="暂无系统推荐的包裹" />;
  return (
    <List<ProposalRow>
      loading={proposals.isFetching}
      dataSource={proposals.data ?? []}
      renderItem={(p) => (
        <List.Item>
          <Card size="small" style={{ width: '100%' }} title={`无头件 ${p.parcel.barcodeNo}`} extra={<span>匹配度 {p.score ?? '-'}</span>}>
            <Space direction="vertical" size={4}>
              <PhotoStrip ids={p.parcel.photoIds} />
              <span>
                {p.parcel.courierName || '快递未知'} {p.parcel.waybillMasked}，签收于 {formatDateTime(p.parcel.signedAt, 'YYYY-MM-DD HH:mm')}
              </span>
              <GoodsText goods={p.parcel.goods} />
              <Typography.Text>
                可能是订单 {p.orderNo}
                {p.afterSaleNo ? `（售后单 ${p.afterSaleNo}）` : ''} 的退货
              </Typography.Text>
              <Button type="primary" size="small" loading={confirm.isPending && confirm.variables === p.id} onClick={() => confirm.mutate(p.id)}>
                是我的，提交认领
              </Button>
            </Space>
          </Card>
        </List.Item>
      )}
    />
  );
}
