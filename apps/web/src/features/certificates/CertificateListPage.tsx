/**
 * 自定义合格证 (/basicSet/customCertificate): the seller's certificates, searched and paged through the
 * URL (?keyword=&pageNo=&pageSize=), each editable, printable in a quantity, or deletable.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { CertificateRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { paginationDefaults, withColumnMinWidth } from '../../lib/table-defaults';
import { printLabels } from '../printing/print-labels';
import { certificateApi, certificateKeys } from './api';
import { certificateFieldsOf } from './certificate-fields';
import { PrintQuantityModal } from './PrintQuantityModal';

const EDIT_PATH = '/basicSet/addCustomCertificate';

const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export default function CertificateListPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const pageNo = positive(params.get('pageNo'), 1);
  const pageSize = Math.min(positive(params.get('pageSize'), 20), 100);
  const query = { pageNo, pageSize, ...(keyword ? { keyword } : {}) };
  const page = useQuery({ queryKey: certificateKeys.page(query), queryFn: () => certificateApi.page(query), placeholderData: keepPreviousData });
  const [printing, setPrinting] = useState<CertificateRow | null>(null);

  const setQuery = (next: { keyword?: string; pageNo?: number; pageSize?: number }) => {
    const merged = { keyword, pageNo, pageSize, ...next };
    const sp = new URLSearchParams();
    if (merged.keyword) sp.set('keyword', merged.keyword);
    if (merged.pageNo > 1) sp.set('pageNo', String(merged.pageNo));
    if (merged.pageSize !== 20) sp.set('pageSize', String(merged.pageSize));
    setParams(sp);
  };

  const remove = useMutation({
    mutationFn: (id: number) => certificateApi.remove(id),
    onSuccess: () => {
      message.success('删除成功');
      void qc.invalidateQueries({ queryKey: certificateKeys.all });
    },
  });
  const print = useMutation({
    mutationFn: ({ row, quantity }: { row: CertificateRow; quantity: number }) =>
      printLabels({ kind: 'certificate', data: [{ ...certificateFieldsOf(row), quantity }] }),
    onSuccess: (r) => {
      setPrinting(null);
      if (r.via === 'pdf') message.info('未连接打印控件，已生成 PDF，请在打印对话框中打印');
      else message.success('已发送到打印机');
    },
  });

  const columns = withColumnMinWidth<TableColumnsType<CertificateRow>[number]>([
    { title: '标题', dataIndex: 'title' },
    { title: '品牌', dataIndex: 'brand' },
    { title: '品名', dataIndex: 'categoryName' },
    { title: '货号', dataIndex: 'artNo' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_: unknown, row: CertificateRow) => (
        <Space size={4}>
          <Link to={`${EDIT_PATH}?id=${row.id}`}>编辑</Link>
          <Button type="link" size="small" onClick={() => setPrinting(row)}>
            打印
          </Button>
          <Popconfirm title="确定删除该合格证吗？" okText="删除" okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(row.id)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ]);

  return (
    <div>
      <Typography.Title level={4}>自定义合格证</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          aria-label="搜索合格证"
          placeholder="标题、品牌、品名或货号"
          allowClear
          enterButton="搜索"
          defaultValue={keyword}
          maxLength={40}
          style={{ width: 320 }}
          onSearch={(v) => setQuery({ keyword: v.trim(), pageNo: 1 })}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(EDIT_PATH)}>
          新建合格证
        </Button>
      </Space>
      <Table<CertificateRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          ...paginationDefaults,
          current: pageNo,
          pageSize,
          total: page.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (p, s) => setQuery({ pageNo: s !== pageSize ? 1 : p, pageSize: s }),
        }}
      />
      <PrintQuantityModal
        open={printing !== null}
        printing={print.isPending}
        onCancel={() => setPrinting(null)}
        onPrint={(quantity) => printing && print.mutate({ row: printing, quantity })}
      />
    </div>
  );
}
