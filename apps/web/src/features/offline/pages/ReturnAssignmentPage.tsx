/**
 * 退货入库分配 (/offlineReturnOrder/offlineReturnOrderList): signed-in return lines by their
 * return-to-factory status (tabs with counts), filters and paging in the address. Lines are
 * assigned to pickers, paused and resumed in batches; the picker's outcome at the stall is entered
 * per line (refunded → the seller's balance, or refused). Each line has its log and its tag. Lines made
 * for after-sales (售后退货) show their source, their return label and the confirmations they wait for.
 */
import { fenToYuan, maskName, type OfflineReturnLineRow, RETURN_TO_FACTORY_STATUS_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { type FilterField, ListFilterForm, ListToolbar, oneOf, positiveInt, text, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults } from '../../../lib/table-defaults';
import { type OpResult, offlineApi, offlineKeys } from '../api';
import { AfterSaleLineActions } from '../components/AfterSaleLineActions';
import { LogsModal } from '../components/LogsModal';
import { AssignDialog, RefuseDialog, ReturnedDialog } from '../components/OutcomeDialogs';
import { ReturnStatusTag } from '../components/ReturnStatusTag';
import { printReturnStorageTags } from '../return-tags';

const STATUSES = Object.keys(RETURN_TO_FACTORY_STATUS_NAMES) as (keyof typeof RETURN_TO_FACTORY_STATUS_NAMES)[];
const TABS = ['', ...STATUSES] as const;
const LIST = {
  filters: { status: oneOf(STATUSES), keyword: text(40), stall: text(60), pickerUserId: positiveInt() },
  dialogs: ['assign', 'returned', 'refuse', 'logs'] as const,
};
const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

export default function ReturnAssignmentPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const page = useQuery({ queryKey: offlineKeys.lines(list.query), queryFn: () => offlineApi.lines(list.query), placeholderData: keepPreviousData });
  const pickers = useQuery({ queryKey: offlineKeys.pickers(), queryFn: offlineApi.pickers });
  const fields: FilterField[] = [
    { kind: 'text', name: 'keyword', label: '退货单号/快递单号/货号', maxLength: 40 },
    { kind: 'text', name: 'stall', label: '档口', maxLength: 60 },
    { kind: 'select', name: 'pickerUserId', label: '拿货员', width: 140, options: (pickers.data ?? []).map((p) => ({ value: p.id, label: p.name })) },
  ];
  const [selected, setSelected] = useState<OfflineReturnLineRow[]>([]);
  const returning = list.dialogRow('returned', page.data?.list) ?? null;
  const refusing = list.dialogRow('refuse', page.data?.list) ?? null;
  const act = useMutation({
    mutationFn: (f: () => Promise<OpResult>) => f(),
    onSuccess: (r) => {
      message.success(`已处理 ${r.moved} 条`);
      setSelected([]);
      list.closeDialog();
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
    },
  });
  const ids = (rows: OfflineReturnLineRow[]) => rows.map((r) => r.id);
  const counts = page.data?.counts ?? {};
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  const tabLabel = (s: string) => {
    const name = s ? RETURN_TO_FACTORY_STATUS_NAMES[s as keyof typeof RETURN_TO_FACTORY_STATUS_NAMES] : '全部';
    const n = s ? (counts[s] ?? 0) : total;
    return n ? `${name}（${n}）` : name;
  };
  const assignable = selected.filter((r) => r.status === 'WAITING_ASSIGNED' || r.status === 'WAIT_FACTORY');
  const stopped = selected.filter((r) => r.status === 'STOP_RETURNED');
  const assigning = list.isOpen('assign') ? ids(assignable) : [];

  return (
    <div>
      <Typography.Title level={4}>退货入库分配</Typography.Title>
      <Tabs
        activeKey={list.filters.status ?? ''}
        onChange={(s) => list.filter({ status: s ? (s as (typeof STATUSES)[number]) : undefined })}
        items={TABS.map((s) => ({ key: s, label: tabLabel(s) }))}
      />
      <ListFilterForm fields={fields} values={list.active} onSearch={list.filter} style={{ marginBottom: 12 }} />
      <ListToolbar
        actions={[
          {
            label: `分配拿货员${assignable.length ? `（${assignable.length}）` : ''}`,
            primary: true,
            disabled: assignable.length === 0,
            onClick: () => list.openDialog('assign'),
          },
          { label: '暂停退货', disabled: assignable.length === 0, onClick: () => act.mutate(() => offlineApi.stop(ids(assignable))) },
          { label: '恢复退货', disabled: stopped.length === 0, onClick: () => act.mutate(() => offlineApi.resume(ids(stopped))) },
          { label: '打印退货入库标签', disabled: selected.length === 0, onClick: () => void printReturnStorageTags(selected) },
        ]}
        exportExcel={() => offlineApi.exportLines(list.active)}
      />
      <Table<OfflineReturnLineRow>
        rowKey="id"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无退货明细：包裹在“退货登记”扫描签收后出现在这里' }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: ids(selected),
          onChange: (_, rows) => setSelected(rows),
          getCheckboxProps: (r) => ({ 'aria-label': `选择${r.returnCode}` }),
        }}
        columns={[
          { title: '退货码', dataIndex: 'returnCode' },
          { title: '退货单号', dataIndex: 'returnNo' },
          { title: '来源', render: (_, l) => (l.afterSaleNo ? `售后退货 ${l.afterSaleNo}` : '线下退货') },
          { title: '卖家', dataIndex: 'sellerName', render: (v: string) => maskName(v) },
          { title: '档口', dataIndex: 'stallText' },
          { title: '货号', dataIndex: 'artNo' },
          { title: '颜色尺码', render: (_, l) => [l.color, l.size].filter(Boolean).join(' ') },
          { title: '数量', dataIndex: 'quantity' },
          { title: '单价', dataIndex: 'unitPriceFen', render: yuan },
          { title: '状态', dataIndex: 'status', render: (s: OfflineReturnLineRow['status']) => <ReturnStatusTag status={s} /> },
          { title: '拿货员', dataIndex: 'pickerName' },
          { title: '退款', render: (_, l) => (l.status === 'FACTORY_RETURNED' ? yuan(l.refundFen) : '') },
          { title: '备注', dataIndex: 'note' },
          { title: '签收时间', dataIndex: 'registeredAt', render: (v: string | null) => formatDateTime(v) },
          {
            title: '操作',
            fixed: 'right',
            render: (_, l) => (
              <Space size={4}>
                {l.status === 'WAIT_FACTORY' && (
                  <>
                    <Button type="link" size="small" onClick={() => list.openDialog('returned', l.id)}>
                      已退货
                    </Button>
                    <Button type="link" size="small" danger onClick={() => list.openDialog('refuse', l.id)}>
                      拒退
                    </Button>
                  </>
                )}
                <AfterSaleLineActions line={l} />
                <Button type="link" size="small" onClick={() => list.openDialog('logs', l.id)}>
                  日志
                </Button>
              </Space>
            ),
          },
        ]}
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <AssignDialog
        count={assigning.length}
        loading={act.isPending}
        onClose={list.closeDialog}
        onOk={(p) => act.mutate(() => offlineApi.assign(assigning, p))}
      />
      <ReturnedDialog
        line={returning}
        loading={act.isPending}
        onClose={list.closeDialog}
        onOk={(fen) => returning && act.mutate(() => offlineApi.returned(returning.id, fen))}
      />
      <RefuseDialog
        line={refusing}
        loading={act.isPending}
        onClose={list.closeDialog}
        onOk={(reason) => refusing && act.mutate(() => offlineApi.refuse(refusing.id, reason))}
      />
      <LogsModal lineId={(list.isOpen('logs') && list.dialog?.id) || null} side="purchaser" onClose={list.closeDialog} />
    </div>
  );
}
