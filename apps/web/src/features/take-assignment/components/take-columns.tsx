/** Columns of the take item list: code, statuses, the stall walk, goods, picker, prints, seller. */
import { ASSIGNMENT_STATUS_NAMES, TAKING_ITEM_STATUS_NAMES, type TakeRow } from '@dropship/contract';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/date';

const COLOR: Record<string, string> = {
  WAITING_ASSIGNED: 'orange',
  TAKING: 'blue',
  TOOK: 'green',
  TOOK_PART: 'cyan',
  E_STOP_TAKING: 'default',
  E_LACK_TAKING: 'red',
  E_STOP_PRODUCTION: 'red',
  CLOSE: 'default',
};

export function takeColumns(onLog: (r: TakeRow) => void): ColumnsType<TakeRow> {
  return [
    {
      title: '拿货码',
      dataIndex: 'takeCode',
      fixed: 'left',
      // 加急 (decision 0017): the server lists urgent items first.
      render: (code: string, r) => (
        <>
          {code}
          {r.urgent && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              加急
            </Tag>
          )}
        </>
      ),
    },
    {
      title: '分配/拿货状态',
      render: (_, r) => (
        <>
          <Tag color={COLOR[r.assignmentStatus]}>{ASSIGNMENT_STATUS_NAMES[r.assignmentStatus]}</Tag>
          {r.takingStatus !== r.assignmentStatus && <Tag>{TAKING_ITEM_STATUS_NAMES[r.takingStatus]}</Tag>}
        </>
      ),
    },
    { title: '区域', dataIndex: 'marketArea' },
    { title: '档口位置', render: (_, r) => [r.market, r.building, r.floor, r.stallNo].filter(Boolean).join(' ') },
    { title: '档口', dataIndex: 'stallName' },
    { title: '商品', render: (_, r) => `${[r.artNo, r.color, r.size].filter(Boolean).join(' ')} ×${r.quantity}` },
    { title: '拿货员', dataIndex: 'pickerName', render: (v: string | null) => v ?? '—' },
    { title: '打印', dataIndex: 'printCount', render: (n: number) => (n > 0 ? `已打印${n}次` : '未打印') },
    { title: '卖家', dataIndex: 'sellerName' },
    { title: '代发订单号', dataIndex: 'orderNo' },
    { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onLog(r)}>
          日志
        </Button>
      ),
    },
  ];
}
