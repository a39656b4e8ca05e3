/**
 * 报单拿货 (/e3hReportGetGoods): the submitted declared goods grouped by stall, with how many
 * pieces are waiting for payment, waiting, taken, out of stock…; each stall opens to its lines.
 * Dates and stall in the address.
 */

import { DownloadOutlined } from '@ant-design/icons';
import { type DeclarationStallGoods, fenToYuan, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Progress, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { nonEmpty, useUrlValues } from '../../lib/url-state';
import { TakeStatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

const DEFAULTS = { stall: '', dateFrom: '', dateTo: '' };
const EXTRA: Record<string, string> = { UNPAID: '待付款', CANCELED: '已取消' };
const statusName = (k: string) => EXTRA[k] ?? TAKING_ITEM_STATUS_NAMES[k as TakingStatusCode] ?? k;
const TOOK = new Set(['TOOK']);

const columns = withColumnMinWidth<TableColumnsType<DeclarationStallGoods>[number]>([
  { title: '档口', key: 'stall', render: (_: unknown, s: DeclarationStallGoods) => `${s.stall}${s.stallNo ? `（${s.market} ${s.stallNo}）` : ''}` },
  { title: '行数', dataIndex: 'lines', width: 70 },
  { title: '件数', dataIndex: 'quantity', width: 70 },
  { title: '货款（元）', dataIndex: 'goodsFen', render: (f: number) => fenToYuan(f) },
  {
    title: '拿货进度',
    key: 'progress',
    width: 160,
    render: (_: unknown, s: DeclarationStallGoods) => {
      const took = Object.entries(s.byStatus).reduce((n, [k, q]) => n + (TOOK.has(k) ? q : 0), 0);
      return <Progress size="small" percent={s.quantity ? Math.round((took * 100) / s.quantity) : 0} />;
    },
  },
  {
    title: '各状态件数',
    key: 'byStatus',
    render: (_: unknown, s: DeclarationStallGoods) => (
      <Space size={4} wrap>
        {Object.entries(s.byStatus).map(([k, q]) => (
          <Tag key={k}>
            {statusName(k)} {q}
          </Tag>
        ))}
      </Space>
    ),
  },
]);

export default function ReportGetGoodsPage() {
  const [v, setV] = useUrlValues(DEFAULTS);
  const query = nonEmpty(v);
  const goods = useQuery({ queryKey: declarationKeys.goods(query), queryFn: () => declarationApi.goods(query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => declarationApi.exportGoods(query) });
  return (
    <Card
      title="报单拿货"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        key={JSON.stringify(query)}
        initialValues={{ stall: v.stall, range: v.dateFrom && v.dateTo ? [dayjs(v.dateFrom), dayjs(v.dateTo)] : undefined }}
        onFinish={(f: { stall?: string; range?: [dayjs.Dayjs, dayjs.Dayjs] }) =>
          setV({ stall: f.stall?.trim(), dateFrom: f.range?.[0].format('YYYY-MM-DD'), dateTo: f.range?.[1].format('YYYY-MM-DD') })
        }
      >
        <Form.Item name="stall" label="档口">
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="range" label="报单日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<DeclarationStallGoods>
        rowKey={(s) => `${s.supplierId ?? s.stall}`}
        size="small"
        loading={goods.isFetching}
        dataSource={goods.data?.stalls ?? []}
        columns={columns}
        pagination={false}
        expandable={{
          expandedRowRender: (s) => (
            <Table
              rowKey={(_, i) => String(i)}
              size="small"
              pagination={false}
              dataSource={s.items}
              columns={[
                { title: '报单号', dataIndex: 'declarationNo' },
                { title: '代发订单号', dataIndex: 'orderNo' },
                { title: '货号', dataIndex: 'artNo' },
                { title: '颜色', dataIndex: 'color' },
                { title: '尺码', dataIndex: 'size' },
                { title: '数量', dataIndex: 'quantity' },
                { title: '拿货状态', dataIndex: 'takeStatus', render: (t: TakingStatusCode | null) => <TakeStatusTag status={t} /> },
              ]}
            />
          ),
        }}
      />
    </Card>
  );
}
