/**
 * 异常订单 (/order/abnormalList): paid shop orders that cannot be placed yet, each with why and its
 * fix (关联商品, 修改地址, 重新授权). Reason, shop, order number and paging live in the URL; the
 * open order too (?dialog=handle&id=…), so a link can point at one.
 */
import { ABNORMAL_REASON_NAMES, type AbnormalOrderRow, type AbnormalReason, CHANNEL_NAMES, type Channel, fenToYuan } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/date';
import { ExportButton, oneOf, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { AbnormalDetailDrawer } from './AbnormalDetailDrawer';
import { abnormalApi, abnormalKeys } from './api';

const REASONS = Object.keys(ABNORMAL_REASON_NAMES) as AbnormalReason[];
const LIST = { filters: { reason: oneOf(REASONS), platformOrderId: text(64) }, dialogs: ['handle'] as const };

export default function AbnormalListPage() {
  const list = useListPage(LIST);
  const { query } = list;
  const page = useQuery({ queryKey: abnormalKeys.page(query), queryFn: () => abnormalApi.page(query), placeholderData: keepPreviousData });
  const openId = (list.isOpen('handle') && list.dialog?.id) || 0;

  // The counts of every reason come with the page (the order-number filter applies to them too).
  const summary = page.data?.summary;
  const reasonOptions = [
    { value: '', label: `全部 ${summary?.total ?? ''}` },
    ...REASONS.map((r) => ({ value: r, label: `${ABNORMAL_REASON_NAMES[r]} ${summary?.counts[r] ?? ''}` })),
  ];

  const columns = withColumnMinWidth<TableColumnsType<AbnormalOrderRow>[number]>([
    { title: '订单号', dataIndex: 'platformOrderId' },
    { title: '店铺', key: 'shop', render: (_: unknown, r) => `${r.shopName}（${CHANNEL_NAMES[r.channel as Channel] ?? r.channel}）` },
    {
      title: '异常原因',
      dataIndex: 'reasons',
      render: (reasons: AbnormalReason[], r) => (
        <Space size={4} wrap>
          {reasons.map((x) => (
            <Tag color="red" key={x}>
              {ABNORMAL_REASON_NAMES[x]}
            </Tag>
          ))}
          {r.decryptMessage && (
            <Typography.Text type="secondary" style={{ maxWidth: 320 }} ellipsis={{ tooltip: r.decryptMessage }}>
              {r.decryptMessage}
            </Typography.Text>
          )}
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
        <Button type="link" size="small" onClick={() => list.openDialog('handle', r.id)}>
          处理
        </Button>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>异常订单</Typography.Title>
      <Typography.Paragraph type="secondary">
        已付款、待发货但暂时不能下代发单的店铺订单，以及已下单但发货时平台解密收货人失败的订单。处理后订单自动离开本列表。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented
          aria-label="异常原因"
          value={list.filters.reason ?? ''}
          options={reasonOptions}
          onChange={(reason) => list.filter({ reason: (reason || undefined) as AbnormalReason | undefined })}
        />
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="订单号"
          placeholder="店铺订单号"
          allowClear
          enterButton="搜索"
          defaultValue={list.filters.platformOrderId}
          maxLength={64}
          style={{ width: 280 }}
          onSearch={(platformOrderId) => list.filter({ platformOrderId })}
        />
        <ExportButton run={() => abnormalApi.exportExcel(list.active)} />
      </Space>
      <Table<AbnormalOrderRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有异常订单' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <AbnormalDetailDrawer id={openId || null} onClose={list.closeDialog} />
    </div>
  );
}
