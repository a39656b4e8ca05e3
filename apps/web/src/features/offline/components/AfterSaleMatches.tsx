/**
 * The after-sales a 退货登记 scan signed in (售后退货): each with its 验货 button, and the after-sale
 * labels to stick on the parcel.
 */
import type { SignedAfterSale } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { printAfterSaleLabels } from '../after-sale-labels';
import { offlineApi, offlineKeys } from '../api';
import { InspectDialog } from './InspectDialog';

export function AfterSaleMatches({ rows }: { rows: SignedAfterSale[] }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [inspecting, setInspecting] = useState<SignedAfterSale | null>(null);
  const [done, setDone] = useState<Record<number, string>>({});
  const print = useMutation({ mutationFn: () => printAfterSaleLabels(rows) });
  const inspect = useMutation({
    mutationFn: (v: Parameters<typeof offlineApi.inspectAfterSale>[0]) => offlineApi.inspectAfterSale(v),
    onSuccess: (r) => {
      const ok = r.returnStatus === 'WAIT_FACTORY';
      message.success(ok ? `${r.afterSaleNo} 验货合格，已进入退货入库分配` : `${r.afterSaleNo} 已转为问题件`);
      setDone((d) => ({ ...d, [r.id]: ok ? '待退档口' : '问题件' }));
      setInspecting(null);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
    },
  });
  if (rows.length === 0) return null;
  return (
    <div data-testid="after-sale-matches">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text strong>售后退货</Typography.Text>
        <Button loading={print.isPending} onClick={() => print.mutate()}>
          打印售后标签
        </Button>
      </Space>
      <Table<SignedAfterSale>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '售后单号', dataIndex: 'afterSaleNo' },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '卖家', dataIndex: 'sellerName' },
          { title: '商品', dataIndex: 'artNo' },
          { title: '数量', dataIndex: 'quantity' },
          {
            title: '签收',
            render: (_, a) => <Tag color={a.alreadyRegistered ? 'default' : 'green'}>{a.alreadyRegistered ? '此前已签收' : '已签收'}</Tag>,
          },
          {
            title: '操作',
            render: (_, a) =>
              done[a.id] ? (
                <Tag color="blue">{done[a.id]}</Tag>
              ) : (
                <Button type="link" size="small" onClick={() => setInspecting(a)}>
                  验货
                </Button>
              ),
          },
        ]}
      />
      <InspectDialog
        target={inspecting}
        loading={inspect.isPending}
        onClose={() => setInspecting(null)}
        onOk={(v) => inspecting && inspect.mutate({ id: inspecting.id, ...v })}
      />
    </div>
  );
}
