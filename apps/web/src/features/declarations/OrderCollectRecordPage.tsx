/**
 * 报单记录 (/order/orderCollectRecord): every declared line with its order and take status,
 * filtered (报单号, 档口, 货号, 拿货状态, 日期) and paged through the address; the filtered set goes to Excel.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { DECLARATION_STATUS_NAMES, type DeclarationRecordRow, fenToYuan, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { formatDateTime } from '../../lib/date';
import { urlPagination, withColumnMinWidth } from '../../lib/table-defaults';
import { nonEmpty, positiveInt, useUrlValues } from '../../lib/url-state';
import { TakeStatusTag } from '../dropship-orders/components/StatusTag';
import { declarationApi, declarationKeys } from './api';

const DEFAULTS = { declarationNo: '', stall: '', artNo: '', takeStatus: '', dateFrom: '', dateTo: '', pageNo: '1', pageSize: '20' };

const columns = withColumnMinWidth<TableColumnsType<DeclarationRecordRow>[number]>([
  { title: '报单号', dataIndex: 'declarationNo', width: 170 },
  { title: '状态', dataIndex: 'status', width: 80, render: (s: DeclarationRecordRow['status']) => <Tag>{DECLARATION_STATUS_NAMES[s]}</Tag> },
  { title: '档口', dataIndex: 'stall' },
  { title: '货号', dataIndex: 'artNo' },
  { title: '颜色', dataIndex: 'color', width: 70 },
  { title: '尺码', dataIndex: 'size', width: 70 },
  { title: '数量', dataIndex: 'quantity', width: 60 },
  { title: '单价（元）', dataIndex: 'unitPriceFen', render: (f: number) => fenToYuan(f) },
  { title: '收货人', dataIndex: 'receiverName' },
  { title: '手机号', dataIndex: 'receiverPhone' },
  { title: '代发订单号', dataIndex: 'orderNo', render: (v: string | null) => v ?? '—' },
  {
    title: '拿货状态',
    key: 'take',
    render: (_: unknown, r: DeclarationRecordRow) => (r.status === 'DRAFT' ? <Tag>未提交</Tag> : <TakeStatusTag status={r.takeStatus} />),
  },
  { title: '报单时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
]);

export default function OrderCollectRecordPage() {
  const [v, setV] = useUrlValues(DEFAULTS);
  const filters = nonEmpty({
    declarationNo: v.declarationNo,
    stall: v.stall,
    artNo: v.artNo,
    takeStatus: v.takeStatus,
    dateFrom: v.dateFrom,
    dateTo: v.dateTo,
  });
  const query = { ...filters, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: declarationKeys.records(query), queryFn: () => declarationApi.records(query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => declarationApi.exportRecords(filters) });
  return (
    <Card
      title="报单记录"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        key={JSON.stringify(filters)}
        initialValues={{ ...v, takeStatus: v.takeStatus || undefined, range: v.dateFrom && v.dateTo ? [dayjs(v.dateFrom), dayjs(v.dateTo)] : undefined }}
        onFinish={(f: Record<string, string | undefined> & { range?: [dayjs.Dayjs, dayjs.Dayjs] }) =>
          setV({
            declarationNo: f.declarationNo?.trim(),
            stall: f.stall?.trim(),
            artNo: f.artNo?.trim(),
            takeStatus: f.takeStatus,
            dateFrom: f.range?.[0].format('YYYY-MM-DD'),
            dateTo: f.range?.[1].format('YYYY-MM-DD'),
            pageNo: 1,
          })
        }
      >
        <Form.Item name="declarationNo" label="报单号">
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="stall" label="档口">
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="artNo" label="货号">
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="takeStatus" label="拿货状态">
          <Select
            allowClear
            style={{ width: 130 }}
            options={(Object.keys(TAKING_ITEM_STATUS_NAMES) as TakingStatusCode[]).map((k) => ({ value: k, label: TAKING_ITEM_STATUS_NAMES[k] }))}
          />
        </Form.Item>
        <Form.Item name="range" label="报单日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Table<DeclarationRecordRow>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={urlPagination({ pageNo: query.pageNo, pageSize: query.pageSize }, page.data?.total ?? 0, (p) => setV(p))}
      />
    </Card>
  );
}
