/**
 * 自定义合格证 (/basicSet/customCertificate): the seller's certificates, searched and paged through the
 * URL (lib/list-page: ?keyword=&pageNo=&pageSize=, the print dialog too), each editable, printable
 * in a quantity, or deletable.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { CertificateRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { type BarField, ListFilterBar, text, useListPage } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { printLabels } from '../printing/print-labels';
import { certificateApi, certificateKeys } from './api';
import { certificateFieldsOf } from './certificate-fields';
import { PrintQuantityModal } from './PrintQuantityModal';

const EDIT_PATH = '/basicSet/addCustomCertificate';
const LIST = { filters: { keyword: text(40) }, dialogs: ['print'] as const };
const BAR: BarField[] = [{ kind: 'search', name: 'keyword', label: '搜索合格证', placeholder: '标题、品牌、品名或货号', width: 320, maxLength: 40 }];

export default function CertificateListPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useListPage(LIST);
  const page = useQuery({ queryKey: certificateKeys.page(list.query), queryFn: () => certificateApi.page(list.query), placeholderData: keepPreviousData });
  const printing = list.dialogRow('print', page.data?.list);

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
      list.closeDialog();
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
          <Button type="link" size="small" onClick={() => list.openDialog('print', row.id)}>
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
      <ListFilterBar fields={BAR} values={list.filters} onChange={list.filter}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(EDIT_PATH)}>
          新建合格证
        </Button>
      </ListFilterBar>
      <Table<CertificateRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <PrintQuantityModal
        open={printing !== undefined}
        printing={print.isPending}
        onCancel={list.closeDialog}
        onPrint={(quantity) => printing && print.mutate({ row: printing, quantity })}
      />
    </div>
  );
}
