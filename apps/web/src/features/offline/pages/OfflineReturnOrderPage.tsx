/**
 * 线下退货单 (/order/offlineReturnOrder): the seller's return parcels, each with its lines and their
 * return-to-factory status, what the stalls refunded and each line's log; filters in the address.
 */
import { PlusOutlined } from '@ant-design/icons';
import { fenToYuan, OFFLINE_RETURN_ORDER_STATUS_NAMES, type OfflineReturnLineRow, type OfflineReturnOrderRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, type FilterField, ListFilterForm, oneOf, text, useListPage } from '../../../lib/list-page';
import { expandableDefaults } from '../../../lib/table-defaults';
import { offlineApi, offlineKeys } from '../api';
import { LogsModal } from '../components/LogsModal';
import { ReturnOrderForm } from '../components/ReturnOrderForm';
import { ReturnStatusTag } from '../components/ReturnStatusTag';

const STATUSES = Object.keys(OFFLINE_RETURN_ORDER_STATUS_NAMES) as (keyof typeof OFFLINE_RETURN_ORDER_STATUS_NAMES)[];
const LIST = { filters: { keyword: text(40), status: oneOf(STATUSES) }, dialogs: ['create', 'logs'] as const };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'keyword', label: '退货单号/快递单号', maxLength: 40 },
  {
    kind: 'select',
    name: 'status',
    label: '签收状态',
    width: 120,
    options: STATUSES.map((value) => ({ value, label: OFFLINE_RETURN_ORDER_STATUS_NAMES[value] })),
  },
];
const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

function Lines({ lines, onLogs }: { lines: OfflineReturnLineRow[]; onLogs(id: number): void }) {
  return (
    <Table<OfflineReturnLineRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lines}
      columns={[
        { title: '档口', dataIndex: 'stallText' },
        { title: '货号', dataIndex: 'artNo' },
        { title: '颜色尺码', render: (_, l) => [l.color, l.size].filter(Boolean).join(' ') },
        { title: '数量', dataIndex: 'quantity' },
        { title: '单价', dataIndex: 'unitPriceFen', render: yuan },
        { title: '状态', dataIndex: 'status', render: (s: OfflineReturnLineRow['status']) => <ReturnStatusTag status={s} /> },
        {
          title: '退款',
          render: (_, l) => (l.status === 'FACTORY_RETURNED' ? `${yuan(l.refundFen - l.serviceFeeFen)}（服务费${yuan(l.serviceFeeFen)}）` : ''),
        },
        { title: '备注', dataIndex: 'note' },
        {
          title: '日志',
          render: (_, l) => (
            <Button type="link" size="small" onClick={() => onLogs(l.id)}>
              查看
            </Button>
          ),
        },
      ]}
    />
  );
}

export default function OfflineReturnOrderPage() {
  const list = useListPage(LIST);
  const page = useQuery({
    queryKey: offlineKeys.returnOrders(list.query),
    queryFn: () => offlineApi.returnOrders(list.query),
    placeholderData: keepPreviousData,
  });
  const { message } = App.useApp();
  const qc = useQueryClient();
  const cancelling = useMutation({
    mutationFn: offlineApi.cancelReturn,
    onSuccess: (r) => {
      message.success(`退货单 ${r.returnNo} 已撤销`);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
    },
  });
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>线下退货单</Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openDialog('create')}>
          新建线下退货单
        </Button>
      </Space>
      <ListFilterForm
        fields={FIELDS}
        values={list.active}
        onSearch={list.search}
        extra={<ExportButton run={() => offlineApi.exportReturnOrders(list.active)} style={{ marginLeft: 8 }} />}
      />
      <Table<OfflineReturnOrderRow>
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无线下退货单' }}
        expandable={{
          ...expandableDefaults,
          defaultExpandAllRows: true,
          expandedRowRender: (o) => <Lines lines={o.lines} onLogs={(id) => list.openDialog('logs', id)} />,
        }}
        columns={[
          { title: '退货单号', dataIndex: 'returnNo' },
          {
            title: '签收',
            dataIndex: 'status',
            render: (s: OfflineReturnOrderRow['status']) => <Tag color={s === 'SIGNED' ? 'green' : 'orange'}>{OFFLINE_RETURN_ORDER_STATUS_NAMES[s]}</Tag>,
          },
          { title: '快递', render: (_, o) => (o.handDelivered ? '自行送到仓库' : `${o.courierName} ${o.waybillNo}`.trim()) },
          { title: '件数', dataIndex: 'quantity' },
          { title: '商品金额', dataIndex: 'goodsFen', render: yuan },
          { title: '已退款', dataIndex: 'refundFen', render: yuan },
          { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          { title: '签收时间', dataIndex: 'registeredAt', render: (v: string | null) => formatDateTime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_, o) =>
              o.status === 'WAIT_SIGNED' ? (
                <Popconfirm
                  title={`撤销退货单 ${o.returnNo}？`}
                  description="仓库签收前可撤销，撤销后该退货单及其明细将删除"
                  okText="撤销"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => cancelling.mutateAsync(o.id)}
                >
                  <Button type="link" size="small" danger>
                    撤销
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <ReturnOrderForm open={list.isOpen('create')} onClose={list.closeDialog} />
      <LogsModal lineId={(list.isOpen('logs') && list.dialog?.id) || null} side="seller" onClose={list.closeDialog} />
    </div>
  );
}
