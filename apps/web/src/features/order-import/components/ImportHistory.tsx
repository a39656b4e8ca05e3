/**
 * 导入记录: the seller's imports, newest first, exportable to Excel. Its paging is a second list in
 * the page's address (histpageNo, histpageSize), apart from the preview's.
 */
import { IMPORT_STATUS_NAMES, type ImportHistoryRow, type ImportJobStatus } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, useListPage } from '../../../lib/list-page';
import { withColumnMinWidth } from '../../../lib/table-defaults';
import { importApi, importKeys } from '../api';

const STATUS_COLORS: Record<ImportJobStatus, string> = {
  PARSING: 'processing',
  PREVIEW: 'warning',
  IMPORTING: 'processing',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};

const HISTORY_LIST = { filters: {}, pageSize: 10, prefix: 'hist' };

interface Props {
  onOpen(jobId: number): void;
  /** Refetches while an import of this page runs. */
  live: boolean;
}

export function ImportHistory({ onOpen, live }: Props) {
  const { message } = App.useApp();
  const list = useListPage(HISTORY_LIST);
  const q = { pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({
    queryKey: importKeys.history(q),
    queryFn: () => importApi.history(q),
    placeholderData: keepPreviousData,
    refetchInterval: live ? 3000 : false,
  });
  const errors = (r: ImportHistoryRow) => importApi.errors(r.id, r.fileName).catch((e: Error) => message.error(e.message));

  const columns = withColumnMinWidth<TableColumnsType<ImportHistoryRow>[number]>([
    { title: '导入时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '文件名', dataIndex: 'fileName', width: 200, ellipsis: true },
    { title: '店铺', dataIndex: 'shopName', width: 150 },
    { title: '格式', dataIndex: 'layoutName', width: 150 },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: ImportJobStatus) => <Tag color={STATUS_COLORS[s]}>{IMPORT_STATUS_NAMES[s]}</Tag> },
    { title: '订单数', dataIndex: 'total', width: 80 },
    { title: '新增', dataIndex: 'imported', width: 70 },
    { title: '更新', dataIndex: 'updated', width: 70 },
    { title: '跳过', dataIndex: 'skipped', width: 70 },
    { title: '失败', dataIndex: 'failed', width: 70 },
    { title: '操作人', dataIndex: 'userName', width: 110 },
    { title: '说明', dataIndex: 'message', width: 220, ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, r: ImportHistoryRow) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => onOpen(r.id)}>
            查看
          </Button>
          {r.errorRows > 0 && (
            <Button type="link" size="small" onClick={() => errors(r)}>
              错误行
            </Button>
          )}
        </Space>
      ),
    },
  ]);

  return (
    <Card title="导入记录" extra={<ExportButton run={() => importApi.exportHistory({})} disabled={!page.data?.total} />}>
      <Table<ImportHistoryRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching && !page.data}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
    </Card>
  );
}
