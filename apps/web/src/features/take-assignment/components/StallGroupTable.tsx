/** 按档口: stalls in walking order with counts per status; assign a stall's waiting items in one go. */
import { ASSIGNMENT_STATUS_NAMES, type AssignmentStatusCode, type TakeStallGroup } from '@dropship/contract';
import { Button, Space, Table, type TablePaginationConfig, Tag, Typography } from 'antd';

export function StallGroupTable(props: {
  rows: TakeStallGroup[];
  loading: boolean;
  /** The list page's pagination (the page kept in the address). */
  pagination: TablePaginationConfig;
  onAssign(stalls: TakeStallGroup[]): void;
}) {
  return (
    <Table<TakeStallGroup>
      rowKey="stallKey"
      size="small"
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: '没有符合条件的档口' }}
      pagination={props.pagination}
      columns={[
        { title: '区域', dataIndex: 'marketArea' },
        { title: '市场', dataIndex: 'market' },
        { title: '楼栋/楼层', render: (_, g) => [g.building, g.floor].filter(Boolean).join(' ') },
        { title: '档口号', dataIndex: 'stallNo' },
        {
          title: '档口',
          dataIndex: 'stallName',
          render: (v: string, g) => <Typography.Text copyable={{ text: g.stallKey, tooltips: ['复制档口标识（自动分配用）', '已复制'] }}>{v}</Typography.Text>,
        },
        { title: '拿货项/件数', render: (_, g) => `${g.itemCount} / ${g.quantity}` },
        {
          title: '状态',
          render: (_, g) => (
            <Space size={4} wrap>
              {Object.entries(g.counts).map(([s, n]) => (
                <Tag key={s}>
                  {ASSIGNMENT_STATUS_NAMES[s as AssignmentStatusCode] ?? s} {n}
                </Tag>
              ))}
            </Space>
          ),
        },
        { title: '拿货员', render: (_, g) => g.pickerNames.join('、') || '—' },
        {
          title: '操作',
          fixed: 'right',
          render: (_, g) => (
            <Button type="link" size="small" disabled={!g.counts.WAITING_ASSIGNED} onClick={() => props.onAssign([g])}>
              分配该档口
            </Button>
          ),
        },
      ]}
    />
  );
}
