/**
 * 异常订单 (/order/abnormalList): paid shop orders that cannot be placed yet, each with why and its
 * fix (关联商品, 修改地址, 重新授权). Reason, shop, order number and paging live in the URL; the
 * open order too (?open=id), so a link can point at one.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { ABNORMAL_REASON_NAMES, type AbnormalOrderRow, type AbnormalReason, CHANNEL_NAMES, type Channel, fenToYuan } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../lib/url-state';
import { AbnormalDetailDrawer } from './AbnormalDetailDrawer';
import { abnormalApi, abnormalKeys } from './api';

export default function AbnormalListPage() {
  const [v, set] = useUrlValues({ reason: '', platformOrderId: '', open: '', pageNo: '1', pageSize: '20' });
  const filters = nonEmpty({ reason: v.reason, platformOrderId: v.platformOrderId }) as { reason?: AbnormalReason; platformOrderId?: string };
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: abnormalKeys.page(query), queryFn: () => abnormalApi.page(query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => abnormalApi.exportExcel(filters) });
  const openId = v.open ? positiveInt(v.open, 0) : 0;

  // The counts of every reason come with the page (the order-number filter applies to them too).
  const summary = page.data?.summary;
  const reasonOptions = [
    { value: '', label: `全部 ${summary?.total ?? ''}` },
    ...(Object.keys(ABNORMAL_REASON_NAMES) as AbnormalReason[]).map((r) => ({ value: r, label: `${ABNORMAL_REASON_NAMES[r]} ${summary?.counts[r] ?? ''}` })),
  ];

  const columns = withColumnMinWidth<TableColumnsType<AbnormalOrderRow>[number]>([
    { title: '订单号', dataIndex: 'platformOrderId' },
    { title: '店铺', key: 'shop', render: (_: unknown, r) => `${r.shopName}（${CHANNEL_NAMES[r.channel as Channel] ?? r.channel}）` },
    {
      title: '异常原因',
      dataIndex: 'reasons',
      render: (reasons: AbnormalReason[]) => (
        <Space size={4} wrap>
          {reasons.map((r) => (
            <Tag color="red" key={r}>
              {ABNORMAL_REASON_NAMES[r]}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '收货人', key: 'receiver', render: (_: unknown, r) => `${r.receiverName} ${r.receiverPhone}` },
    { title: '收货地址', key: 'address', render: (_: unknown, r) => `${r.receiverArea} ${r.receiverAddress}`.trim() || '—' },
    { title: '件数', dataIndex: 'itemCount', align: 'right' },
    { title: '实付', dataIndex: 'paymentFen', align: 'right', render: (f: number) => `¥${fenToYuan(f)}` },
    { title: '付款时间', dataIndex: 'paidAt', width: 170, render: (d: string | null) => formatDateTime(d) },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => set({ open: r.id })}>
          处理
        </Button>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>异常订单</Typography.Title>
      <Typography.Paragraph type="secondary">已付款、待发货但暂时不能下代发单的店铺订单。处理后订单自动离开本列表。</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented aria-label="异常原因" value={v.reason} options={reasonOptions} onChange={(reason) => set({ reason: String(reason), pageNo: 1 })} />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="订单号"
          placeholder="店铺订单号"
          allowClear
          enterButton="搜索"
          defaultValue={v.platformOrderId}
          maxLength={64}
          style={{ width: 280 }}
          onSearch={(platformOrderId) => set({ platformOrderId: platformOrderId.trim(), pageNo: 1 })}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<AbnormalOrderRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有异常订单' }}
        pagination={urlPagination(query, page.data?.total ?? 0, set)}
      />
      <AbnormalDetailDrawer id={openId || null} onClose={() => set({ open: '' })} />
    </div>
  );
}
