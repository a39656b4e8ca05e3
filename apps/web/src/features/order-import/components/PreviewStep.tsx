/**
 * Step 3: while the server reads the file, its progress; then every row with its reason when it
 * cannot be imported (receiver masked as in every list), the counts, and the import button.
 */
import type { ImportJobView, ImportRowView } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Progress, Result, Space, Statistic, Table, type TableColumnsType, type TablePaginationConfig, Tag, Typography } from 'antd';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { importApi, importKeys } from '../api';
import { yuan } from '../import-state';

interface Props {
  job: ImportJobView;
  /** The rows asked for: the page of the preview list in the address, errors only or all. */
  query: { pageNo: number; pageSize: number; errorsOnly: boolean };
  onErrorsOnly(errorsOnly: boolean): void;
  /** The table's pagination from the page's list. */
  pagination(total: number): TablePaginationConfig;
  onConfirm(): void;
  onRestart(): void;
  onErrors(): void;
  confirming: boolean;
}

const columns = withColumnMinWidth<TableColumnsType<ImportRowView>[number]>([
  { title: '行号', dataIndex: 'row', width: 70, minWidth: 70 },
  { title: '订单号', dataIndex: 'orderNo', width: 180 },
  { title: '收货人', dataIndex: 'receiverName', width: 90 },
  { title: '手机号', dataIndex: 'receiverPhone', width: 120 },
  { title: '收货地区', dataIndex: 'area', width: 200 },
  { title: '详细地址', dataIndex: 'address', width: 200, ellipsis: true },
  { title: '商品', dataIndex: 'goods', width: 260, ellipsis: true },
  { title: '数量', dataIndex: 'quantity', width: 70, minWidth: 70 },
  { title: '实付(元)', dataIndex: 'paymentFen', width: 100, render: (v: number) => yuan(v) },
  {
    title: '检查结果',
    dataIndex: 'error',
    width: 280,
    render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : <Tag color="success">可导入</Tag>),
  },
]);

export function PreviewStep({ job, query: q, onErrorsOnly, pagination, onConfirm, onRestart, onErrors, confirming }: Props) {
  const rows = useQuery({
    queryKey: importKeys.rows(job.id, q),
    queryFn: () => importApi.rows(job.id, q),
    enabled: job.status === 'PREVIEW',
    placeholderData: keepPreviousData,
  });

  if (job.status === 'PARSING') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text>正在读取并检查“{job.fileName}”…</Typography.Text>
        <Progress percent={job.percent} status="active" aria-label="解析进度" />
      </Space>
    );
  }
  if (job.status === 'FAILED') {
    return <Result status="error" title="文件读取失败" subTitle={job.message} extra={<Button onClick={onRestart}>重新上传</Button>} />;
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space size="large" wrap>
        <Statistic title="数据行" value={job.totalRows} />
        <Statistic title="订单数" value={job.total} />
        <Statistic title="可导入订单" value={job.validOrders} valueStyle={{ color: '#389e0d' }} />
        <Statistic title="错误行" value={job.errorRows} valueStyle={job.errorRows ? { color: '#cf1322' } : undefined} />
      </Space>
      {job.errorRows > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${job.errorRows} 行有错误，这些行所在的 ${job.failed} 个订单不会导入；可下载错误行修改后重新导入（重复导入不会产生重复订单）`}
        />
      )}
      <Space>
        <Checkbox checked={q.errorsOnly} onChange={(e) => onErrorsOnly(e.target.checked)}>
          仅看错误
        </Checkbox>
        {job.errorRows > 0 && <Button onClick={onErrors}>下载错误行</Button>}
      </Space>
      <Table<ImportRowView>
        rowKey="row"
        size="small"
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagination(rows.data?.total ?? 0)}
      />
      <Space>
        <Button onClick={onRestart}>重新上传</Button>
        <Button type="primary" disabled={job.validOrders === 0} loading={confirming} onClick={onConfirm}>
          确认导入 {job.validOrders} 单
        </Button>
      </Space>
    </Space>
  );
}
