/**
 * 问题件 (/afterSale/problemList): tabs by parcel status with their counts, filters and paging in the
 * address, the deadline countdown of each waiting parcel, batch 寄回 (to the send-back page) and
 * 弃件 (after a confirmation), 重发 of one parcel (a drawer), the filtered set to Excel, and each row's
 * detail in a drawer.
 */
import { PARCEL_KIND_NAMES, PARCEL_STATUS_NAMES, PROBLEM_TABS, type ProblemBatchResult, type ProblemRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { ListFilterForm, ListToolbar, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults } from '../../../lib/table-defaults';
import { problemApi, problemKeys } from '../api';
import { ProblemDetailDrawer } from '../components/ProblemDetailDrawer';
import { ReshipDrawer } from '../components/ReshipDrawer';
import { countdown, goodsText, isUndecided, PROBLEM_FIELDS, PROBLEM_LIST, sendBackPath } from '../problem-list';

const TABS = ['ALL', ...PROBLEM_TABS] as const;
type Tab = (typeof TABS)[number];
const tabLabel = (t: Tab) => (t === 'ALL' ? '全部' : PARCEL_STATUS_NAMES[t]);

export default function ProblemListPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useListPage(PROBLEM_LIST);
  const { query } = list;
  const tab = (list.filters.status ?? 'ALL') as Tab;
  const page = useQuery({ queryKey: problemKeys.page(query), queryFn: () => problemApi.page(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<ProblemRow[]>([]);
  const [detail, setDetail] = useState<number | null>(null);
  const [reshipping, setReshipping] = useState<ProblemRow | null>(null);
  const [result, setResult] = useState<ProblemBatchResult | null>(null);
  const fresh =
    <A extends unknown[]>(go: (...a: A) => void) =>
    (...a: A) => {
      setSelected([]);
      go(...a);
    };
  const refresh = () => void qc.invalidateQueries({ queryKey: problemKeys.all });
  const discard = useMutation({
    mutationFn: (ids: number[]) => problemApi.discard(ids),
    onSuccess: (r) => {
      setSelected([]);
      refresh();
      if (r.failed.length) setResult(r);
      else message.success(`已弃件 ${r.done.length} 个`);
    },
  });
  const cancel = useMutation({
    mutationFn: (id: number) => problemApi.cancelSendBack(id),
    onSuccess: () => {
      message.success('已取消寄回，可重新选择处理方式');
      refresh();
    },
  });
  const confirmDiscard = (rows: ProblemRow[]) =>
    modal.confirm({
      title: `确认弃件 ${rows.length} 个包裹？`,
      content: '弃件后仓库将不再为你保管这些包裹，且不能撤销。',
      okText: '确认弃件',
      okButtonProps: { danger: true },
      onOk: () => discard.mutateAsync(rows.map((r) => r.id)),
    });

  const decidable = selected.filter(isUndecided);
  const counts = page.data?.counts ?? {};
  const countOf = (t: Tab) => (t === 'ALL' ? Object.values(counts).reduce((n, c) => n + c, 0) : counts[t]);

  return (
    <div>
      <Typography.Title level={4}>问题件</Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="仓库收到无法正常处理的包裹（错发、破损、少件、档口拒退等）会登记为问题件。请在处理期限内选择寄回、重发或弃件，逾期未处理系统将自动弃件。"
      />
      <Tabs
        activeKey={tab}
        onChange={fresh((t: string) => list.filter({ status: t === 'ALL' ? undefined : (t as (typeof PROBLEM_TABS)[number]) }))}
        items={TABS.map((t) => {
          const n = countOf(t);
          return { key: t, label: n ? `${tabLabel(t)}（${n}）` : tabLabel(t) };
        })}
      />
      <ListFilterForm
        fields={PROBLEM_FIELDS}
        values={list.active}
        onSearch={fresh(list.filter)}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={fresh(() => list.search({ status: list.filters.status }))}>
            重置
          </Button>
        }
      />
      <ListToolbar
        actions={[
          {
            label: `批量寄回${decidable.length ? `（${decidable.length}）` : ''}`,
            disabled: decidable.length === 0 || new Set(decidable.map((r) => r.kind)).size > 1,
            onClick: () =>
              navigate(
                sendBackPath(
                  decidable.map((r) => r.id),
                  decidable[0]?.kind,
                ),
              ),
          },
          {
            label: `批量弃件${decidable.length ? `（${decidable.length}）` : ''}`,
            danger: true,
            disabled: decidable.length === 0,
            loading: discard.isPending,
            onClick: () => confirmDiscard(decidable),
          },
        ]}
        exportExcel={() => problemApi.exportExcel(list.active)}
      />
      <Table<ProblemRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tab === 'ALL' ? '暂无问题件' : `没有${tabLabel(tab)}的问题件` }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: selected.map((r) => r.id),
          getCheckboxProps: (r) => ({ 'aria-label': `选择问题件${r.barcodeNo ?? r.id}` }),
          onChange: (_, rows) => setSelected(rows),
        }}
        pagination={list.pagination(page.data?.total ?? 0, { onChange: fresh((pageNo: number, pageSize: number) => list.change({ pageNo, pageSize })) })}
        columns={[
          {
            title: '编号',
            dataIndex: 'barcodeNo',
            width: 170,
            render: (v: string | null, r) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setDetail(r.id)}>
                {v ?? `#${r.id}`}
              </Button>
            ),
          },
          { title: '类型', dataIndex: 'kind', width: 80, render: (k: ProblemRow['kind']) => PARCEL_KIND_NAMES[k] },
          {
            title: '状态',
            dataIndex: 'status',
            width: 110,
            render: (s: ProblemRow['status']) => <Tag color={s === 'WAITING_PROCESS' || s === 'CLAIMED' ? 'orange' : undefined}>{PARCEL_STATUS_NAMES[s]}</Tag>,
          },
          { title: '快递单号', dataIndex: 'trackingNo', width: 170, render: (v: string | null) => v ?? '—' },
          { title: '原因', dataIndex: 'reason', width: 220, ellipsis: true },
          { title: '商品', key: 'goods', width: 220, render: (_, r) => goodsText(r) || '—' },
          {
            title: '处理期限',
            dataIndex: 'deadlineAt',
            width: 170,
            render: (v: string, r) => {
              if (!isUndecided(r)) return formatDateTime(v, 'YYYY-MM-DD HH:mm');
              const c = countdown(v);
              return (
                <Space direction="vertical" size={0}>
                  <span>{formatDateTime(v, 'YYYY-MM-DD HH:mm')}</span>
                  <Typography.Text type={c.urgent ? 'danger' : 'secondary'}>{c.text}</Typography.Text>
                </Space>
              );
            },
          },
          {
            title: '寄回',
            key: 'sendBack',
            width: 220,
            render: (_, r) =>
              r.reshipOrderNo
                ? `重发订单 ${r.reshipOrderNo}`
                : r.sendBackWaybillNo
                  ? `${r.sendBackCourierName ?? ''} ${r.sendBackWaybillNo}`
                  : r.expressName
                    ? `${r.expressName} ${r.receiverName ?? ''}`
                    : '—',
          },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_, r) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => setDetail(r.id)}>
                  详情
                </Button>
                {isUndecided(r) && (
                  <>
                    <Button type="link" size="small" onClick={() => navigate(sendBackPath([r.id], r.kind))}>
                      寄回
                    </Button>
                    <Button type="link" size="small" onClick={() => setReshipping(r)}>
                      重发
                    </Button>
                    <Button type="link" size="small" danger onClick={() => confirmDiscard([r])}>
                      弃件
                    </Button>
                  </>
                )}
                {r.status === 'WAITING_PAYMENT' && (
                  <>
                    <Button type="link" size="small" onClick={() => navigate(sendBackPath([r.id], r.kind))}>
                      支付运费
                    </Button>
                    <Button type="link" size="small" loading={cancel.isPending} onClick={() => cancel.mutate(r.id)}>
                      取消寄回
                    </Button>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ProblemDetailDrawer id={detail} onClose={() => setDetail(null)} />
      <ReshipDrawer parcel={reshipping} onClose={() => setReshipping(null)} />
      <Modal
        title="弃件结果"
        open={result !== null}
        onOk={() => setResult(null)}
        onCancel={() => setResult(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`成功 ${result?.done.length ?? 0} 个，失败 ${result?.failed.length ?? 0} 个`} />
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={result?.failed ?? []}
          columns={[
            { title: '编号', dataIndex: 'barcodeNo', width: 180 },
            { title: '失败原因', dataIndex: 'message' },
          ]}
        />
      </Modal>
    </div>
  );
}
