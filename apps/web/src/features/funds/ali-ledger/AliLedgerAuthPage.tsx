/**
 * 支付宝分账授权 (/funds/aliLedgerAuth): bind the seller's Alipay account as a receiver in the
 * platform's split-ledger relation set, check it against Alipay, or unbind it; the history below.
 */
import { ROYALTY_STATUS_NAMES } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { recordsApi, recordsKeys } from '../records-api';
import { RoyaltyBindForm } from './RoyaltyBindForm';

type Relation = NonNullable<Awaited<ReturnType<typeof recordsApi.royaltyAuth>>['current']>;

export default function AliLedgerAuthPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const auth = useQuery({ queryKey: recordsKeys.royaltyAuth(), queryFn: recordsApi.royaltyAuth });
  const refresh = () => qc.invalidateQueries({ queryKey: recordsKeys.royaltyAuth() });
  const done = (text: string) => () => {
    message.success(text);
    void refresh();
  };
  const bind = useMutation({ mutationFn: recordsApi.royaltyBind, onSuccess: done('已授权分账') });
  const unbind = useMutation({ mutationFn: recordsApi.royaltyUnbind, onSuccess: done('已解除分账授权') });
  const verify = useMutation({ mutationFn: recordsApi.royaltyVerify });
  const current = auth.data?.current;

  return (
    <div>
      <Typography.Title level={4}>支付宝分账授权</Typography.Title>
      <Typography.Paragraph type="secondary">
        授权后，平台可将订单中属于您的款项通过支付宝分账直接转入该账号。解除授权后不再分账。<Link to="/funds/aliLedger">查看分账记录</Link>
      </Typography.Paragraph>
      <Card size="small" loading={auth.isLoading} style={{ marginBottom: 16 }}>
        {current ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="授权状态">
                <Tag color="green">{ROYALTY_STATUS_NAMES.BOUND}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="支付宝账号">{current.account}</Descriptions.Item>
              <Descriptions.Item label="账户名">{current.name}</Descriptions.Item>
              <Descriptions.Item label="授权时间">{formatDateTime(current.boundAt)}</Descriptions.Item>
            </Descriptions>
            {verify.data && (
              <Alert
                type={verify.data.onAlipay ? 'success' : 'warning'}
                showIcon
                title={verify.data.onAlipay ? '支付宝分账关系正常' : '支付宝侧未找到该分账关系，请解除后重新授权'}
                description={`核对时间：${formatDateTime(verify.data.checkedAt)}`}
              />
            )}
            <Space>
              <Button loading={verify.isPending} onClick={() => verify.mutate()}>
                核对支付宝状态
              </Button>
              <Popconfirm title="解除后将不再向该账号分账，确定解除吗？" okText="解除" okButtonProps={{ danger: true }} onConfirm={() => unbind.mutateAsync()}>
                <Button danger loading={unbind.isPending}>
                  解除授权
                </Button>
              </Popconfirm>
            </Space>
          </Space>
        ) : (
          <RoyaltyBindForm loading={bind.isPending} onBind={(v) => bind.mutate(v)} />
        )}
      </Card>
      <Typography.Title level={5}>授权记录</Typography.Title>
      <Table<Relation>
        size="small"
        rowKey="id"
        dataSource={auth.data?.history ?? []}
        pagination={false}
        locale={{ emptyText: '暂无授权记录' }}
        columns={[
          { title: '支付宝账号', dataIndex: 'account' },
          { title: '账户名', dataIndex: 'name' },
          { title: '状态', dataIndex: 'status', render: (s: Relation['status']) => ROYALTY_STATUS_NAMES[s] },
          { title: '授权时间', dataIndex: 'boundAt', render: (d: string) => formatDateTime(d) },
          { title: '解除时间', dataIndex: 'unboundAt', render: (d: string | null) => formatDateTime(d) },
        ]}
      />
    </div>
  );
}
