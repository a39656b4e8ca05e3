/** The work-order table of both lists: the number opens the drawer, unread replies show as a badge. */
import { WORK_ORDER_LINK_LABELS, WORK_ORDER_STATUS_LABELS, WORK_ORDER_TYPE_LABELS, type WorkOrderRow } from '@dropship/contract';
import { Badge, Button, Table, type TablePaginationConfig, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { STATUS_COLORS } from '../work-order-list';

export function WorkOrderTable(p: {
  rows: WorkOrderRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  console?: boolean;
  emptyText: string;
  onOpen: (id: number) => void;
}) {
  return (
    <Table<WorkOrderRow>
      rowKey="id"
      dataSource={p.rows}
      loading={p.loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: p.emptyText }}
      pagination={p.pagination}
      columns={[
        {
          title: '工单号',
          dataIndex: 'workOrderNo',
          width: 170,
          render: (v: string, r) => (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => p.onOpen(r.id)}>
              {v}
            </Button>
          ),
        },
        ...(p.console ? [{ title: '机构', dataIndex: 'orgName', width: 160 }] : []),
        { title: '类型', dataIndex: 'type', width: 100, render: (t: WorkOrderRow['type']) => WORK_ORDER_TYPE_LABELS[t] },
        {
          title: '标题',
          dataIndex: 'title',
          width: 240,
          ellipsis: true,
          render: (t: string, r) => (
            <Badge count={r.unread} size="small" offset={[8, 0]} title={`${r.unread} 条新回复`}>
              <span>{t}</span>
            </Badge>
          ),
        },
        {
          title: '关联单号',
          key: 'link',
          width: 200,
          render: (_, r) => (r.linkKind && r.linkNo ? `${WORK_ORDER_LINK_LABELS[r.linkKind]} ${r.linkNo}` : '—'),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (s: WorkOrderRow['status']) => <Tag color={STATUS_COLORS[s]}>{WORK_ORDER_STATUS_LABELS[s]}</Tag>,
        },
        { title: '满意度', dataIndex: 'score', width: 80, render: (s: number | null) => (s === null ? '—' : `${s}星`) },
        { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
        { title: '最近更新', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatDateTime(v) },
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 80,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => p.onOpen(r.id)}>
              {p.console ? '处理' : '查看'}
            </Button>
          ),
        },
      ]}
    />
  );
}
