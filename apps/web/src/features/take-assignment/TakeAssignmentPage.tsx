/**
 * 拿货任务分配 (/offlineReturnOrder/pickup): the purchaser's take items with filters, tabs, view,
 * paging and the open log / settings drawers in the address (lib/list-page); selected items (or a market area, or stalls) go to a picker; stop / revoke at the
 * seller's request; pick-up tags printed in walking order; the day's codes sent to the stalls; the
 * kanban and briefing above; a log per item; automatic assignment rules; Excel export.
 */
import { PrinterOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { ASSIGNMENT_STATUS_NAMES, type AssignmentStatusCode, TAKE_COUNT_CAP, type TakeRow, type TakeStallGroup } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Segmented, Space, Table, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ListFilterForm, ListToolbar, useListPage } from '../../lib/list-page';
import { rowSelectionDefaults, totalText } from '../../lib/table-defaults';
import { type OperationResult, takeApi, takeKeys } from './api';
import { AutoAssignModal } from './components/AutoAssignModal';
import { DownBatchDrawer } from './components/DownBatchDrawer';
import { LogDrawer } from './components/LogDrawer';
import { PickerModal, type PickerTarget } from './components/PickerModal';
import { StallGroupTable } from './components/StallGroupTable';
import { TakeDashboard } from './components/TakeDashboard';
import { takeColumns } from './components/take-columns';
import { filterBody, filterFields, formValues, TABS, TAKE_LIST } from './filters';
import { printTakeTags } from './print-tags';

const tabLabel = (t: string) => (t === 'ALL' ? '全部' : ASSIGNMENT_STATUS_NAMES[t as AssignmentStatusCode]);
type Pending = { kind: 'items'; ids: number[] } | { kind: 'area' } | { kind: 'stalls'; keys: string[] };

export default function TakeAssignmentPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(TAKE_LIST);
  const v = list.filters;
  // Memoized on the address (list.filters is): the form below is keyed on its values, so a
  // re-render with the same address keeps what the user is typing.
  const body = useMemo(() => filterBody(v), [v]);
  const values = useMemo(() => formValues(v), [v]);
  const query = { ...body, pageNo: list.pageNo, pageSize: list.pageSize };
  const isStall = v.view === 'stall';
  const page = useQuery({ queryKey: takeKeys.page(query), queryFn: () => takeApi.page(query), placeholderData: keepPreviousData, enabled: !isStall });
  const groups = useQuery({ queryKey: takeKeys.groups(query), queryFn: () => takeApi.groups(query), placeholderData: keepPreviousData, enabled: isStall });
  const pickers = useQuery({ queryKey: takeKeys.pickers(), queryFn: takeApi.pickers, staleTime: 60_000 });
  const audit = useQuery({ queryKey: takeKeys.audit(), queryFn: takeApi.audit });
  const [selected, setSelected] = useState<TakeRow[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const fields = useMemo(() => filterFields(pickers.data ?? []), [pickers.data]);
  const refresh = () => {
    setSelected([]);
    void qc.invalidateQueries({ queryKey: takeKeys.all });
  };

  const assign = useMutation({
    mutationFn: async (to: { pickerId: number; areas: string[] }) => {
      if (!pending) return { count: 0 };
      if (pending.kind === 'items') return takeApi.assignUser(pending.ids, to.pickerId);
      if (pending.kind === 'area') return takeApi.assignArea(to.areas, to.pickerId);
      return takeApi.assignStalls(pending.keys, to.pickerId);
    },
    onSuccess: (r) => {
      message.success(r.count > 0 ? `已分配 ${r.count} 个拿货项` : '没有待分配的拿货项');
      setPending(null);
      refresh();
    },
  });
  const unassign = useMutation({
    mutationFn: (ids: number[]) => takeApi.assignUser(ids, null),
    onSuccess: (r) => {
      message.success(`已取消分配 ${r.count} 个拿货项`);
      refresh();
    },
  });
  const report = (title: string) => (r: OperationResult) => {
    const failed = r.results.filter((x) => !x.ok);
    if (failed.length === 0) message.success(`${title}：${r.results.length} 个拿货项已处理`);
    else
      modal.warning({
        title: `${r.results.length - failed.length} 个成功，${failed.length} 个未能${title}`,
        content: failed.map((f) => `${f.takeCode}：${f.message}`).join('\n'),
      });
    refresh();
  };
  const stop = useMutation({ mutationFn: takeApi.stop, onSuccess: report('停止拿货') });
  const revoke = useMutation({ mutationFn: takeApi.revokeStop, onSuccess: report('撤销停止') });
  const print = useMutation({
    mutationFn: printTakeTags,
    onSuccess: (r) => {
      message.success(r.via === 'clodop' ? `已发送 ${r.pages ?? ''} 张标签到打印机` : '标签已生成，请在打印窗口中打印');
      refresh();
    },
  });
  const down = useMutation({
    mutationFn: async () => {
      if ((await takeApi.isDowning()).downing) throw new Error('拿货码正在下发中，请稍候刷新查看结果');
      return takeApi.downCode();
    },
    onSuccess: (r) => {
      message.success(r.items ? `已向 ${r.batches} 个档口下发 ${r.items} 个拿货码` : '没有需要下发的拿货码');
      refresh();
    },
    onError: (e) => message.error(e.message),
  });

  const go = (patch: Parameters<typeof list.filter>[0]) => {
    setSelected([]);
    list.filter(patch);
  };
  // A new search replaces the form's filters and keeps the tab and the view.
  const search = (f: Record<string, unknown>) => {
    setSelected([]);
    list.search({ ...(f as Parameters<typeof list.search>[0]), tab: v.tab, view: v.view });
  };
  const ids = selected.map((r) => r.id);
  const counts = page.data?.counts ?? {};
  const all = Object.values(counts).reduce((n, c) => n + c, 0);
  // Under filters a tab is counted up to a cap: past it the answer names the tab and the page says "10000+".
  const plus = (t: string) => (page.data?.countsCapped?.includes(t) ? '+' : '');
  const areas = [...new Set((page.data?.list ?? []).map((r) => r.marketArea).filter(Boolean))];
  const pickerTarget: PickerTarget | null = !pending
    ? null
    : pending.kind === 'items'
      ? { title: `分配 ${pending.ids.length} 个拿货项`, description: '待分配或拿货中（尚未标记）的拿货项可以分配或改派。' }
      : pending.kind === 'area'
        ? { title: '按区域分配', description: '所选区域内所有待分配的拿货项都分给该拿货员。', askAreas: areas }
        : { title: `分配 ${pending.keys.length} 个档口`, description: '档口内所有待分配的拿货项都分给该拿货员。' };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4}>拿货任务分配</Typography.Title>
        <Space wrap>
          <Button icon={<SendOutlined />} loading={down.isPending} onClick={() => down.mutate()}>
            下发拿货码
          </Button>
          <Button onClick={() => list.openDialog('downs')}>下发记录</Button>
          <Button icon={<SettingOutlined />} onClick={() => list.openDialog('auto')}>
            自动分配设置
          </Button>
        </Space>
      </Space>
      {audit.data && audit.data.state !== 'ALL' && audit.data.pendingItems > 0 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          message={
            audit.data.state === 'NONE'
              ? `今天的拿货码尚未下发给档口（${audit.data.pendingItems} 个待下发）`
              : `有 ${audit.data.pendingItems} 个新拿货项尚未下发给档口`
          }
        />
      )}
      <TakeDashboard />
      <ListFilterForm fields={fields} values={values} onSearch={search} extra={<Button onClick={() => search({})}>重置</Button>} />
      <Space style={{ marginBottom: 12 }} align="start" wrap>
        <Segmented
          value={v.view}
          onChange={(view) => go({ view })}
          options={[
            { value: 'list' as const, label: '按拿货项' },
            { value: 'stall' as const, label: '按档口' },
          ]}
        />
        <ListToolbar
          style={{ marginBottom: 0 }}
          actions={[
            {
              label: `分配拿货员${ids.length ? `（${ids.length}）` : ''}`,
              primary: true,
              disabled: ids.length === 0,
              onClick: () => setPending({ kind: 'items', ids }),
            },
            { label: '按区域分配', onClick: () => setPending({ kind: 'area' }) },
            { label: '取消分配', disabled: ids.length === 0, loading: unassign.isPending, onClick: () => unassign.mutate(ids) },
            {
              label: '停止拿货',
              danger: true,
              disabled: ids.length === 0,
              loading: stop.isPending,
              onClick: () =>
                modal.confirm({ title: `应卖家要求停止 ${ids.length} 个拿货项？`, content: '货款将退回卖家余额。', onOk: () => stop.mutateAsync(ids) }),
            },
            { label: '撤销停止', disabled: ids.length === 0, loading: revoke.isPending, onClick: () => revoke.mutate(ids) },
            {
              label: ids.length ? `打印标签（${ids.length}）` : '按筛选打印标签',
              icon: <PrinterOutlined />,
              loading: print.isPending,
              onClick: () => print.mutate(ids.length ? { takeItemIds: ids } : { filter: body }),
            },
          ]}
          exportExcel={() => takeApi.exportExcel(body)}
        />
      </Space>
      {!isStall && (
        <Tabs
          activeKey={v.tab}
          onChange={(t) => go({ tab: t as (typeof TABS)[number] })}
          items={TABS.map((t) => {
            const n = t === 'ALL' ? (plus(t) ? Math.min(all, TAKE_COUNT_CAP) : all) : (counts[t] ?? 0);
            return { key: t, label: n ? `${tabLabel(t)}（${n}${plus(t)}）` : tabLabel(t) };
          })}
        />
      )}
      {isStall ? (
        <StallGroupTable
          rows={groups.data?.list ?? []}
          loading={groups.isFetching}
          pagination={list.pagination(groups.data?.total ?? 0)}
          onAssign={(g: TakeStallGroup[]) => setPending({ kind: 'stalls', keys: g.map((x) => x.stallKey) })}
        />
      ) : (
        <Table<TakeRow>
          rowKey="id"
          size="small"
          columns={takeColumns((r) => list.openDialog('log', r.id))}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '没有符合条件的拿货项' }}
          rowSelection={{
            ...rowSelectionDefaults,
            selectedRowKeys: ids,
            getCheckboxProps: (r) => ({ 'aria-label': `选择拿货项${r.takeCode}` }),
            onChange: (_, rows) => setSelected(rows),
          }}
          pagination={list.pagination(page.data?.total ?? 0, totalText(page.data?.totalCapped))}
        />
      )}
      <PickerModal
        target={pickerTarget}
        pickers={pickers.data ?? []}
        loading={assign.isPending}
        onOk={(v) => assign.mutate(v)}
        onClose={() => setPending(null)}
      />
      <AutoAssignModal open={list.isOpen('auto')} pickers={pickers.data ?? []} onClose={list.closeDialog} />
      <LogDrawer item={list.dialogRow('log', page.data?.list) ?? null} onClose={list.closeDialog} />
      <DownBatchDrawer open={list.isOpen('downs')} onClose={list.closeDialog} />
    </div>
  );
}
