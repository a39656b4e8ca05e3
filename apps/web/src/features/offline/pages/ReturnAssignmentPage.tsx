/**
 * 退货入库分配 (/offlineReturnOrder/offlineReturnOrderList): signed-in return lines by their
 * return-to-factory status (tabs with counts), filters and paging in the address. Lines are
 * assigned to pickers, paused and resumed in batches; the picker's outcome at the stall is entered
 * per line (refunded → the seller's balance, or refused). Each line has its log and its tag.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { fenToYuan, maskName, type OfflineReturnLineRow, RETURN_TO_FACTORY_STATUS_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { paginationDefaults, rowSelectionDefaults } from '../../../lib/table-defaults';
import { type OpResult, offlineApi, offlineKeys } from '../api';
import { LogsModal } from '../components/LogsModal';
import { AssignDialog, RefuseDialog, ReturnedDialog } from '../components/OutcomeDialogs';
import { ReturnStatusTag } from '../components/ReturnStatusTag';
import { printReturnStorageTags } from '../return-tags';
import { useListUrl } from '../use-list-url';

const KEYS = ['status', 'keyword', 'stall', 'pickerUserId'] as const;
const TABS = ['', ...Object.keys(RETURN_TO_FACTORY_STATUS_NAMES)] as const;
const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

export default function ReturnAssignmentPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const url = useListUrl(KEYS);
  const page = useQuery({ queryKey: offlineKeys.lines(url.query), queryFn: () => offlineApi.lines(url.query), placeholderData: keepPreviousData });
  const pickers = useQuery({ queryKey: offlineKeys.pickers(), queryFn: offlineApi.pickers });
  const exporting = useMutation({ mutationFn: () => offlineApi.exportLines(url.filters as Record<string, string>) });
  const [selected, setSelected] = useState<OfflineReturnLineRow[]>([]);
  const [assigning, setAssigning] = useState<number[]>([]);
  const [returning, setReturning] = useState<OfflineReturnLineRow | null>(null);
  const [refusing, setRefusing] = useState<OfflineReturnLineRow | null>(null);
  const [logsOf, setLogsOf] = useState<number | null>(null);
  const act = useMutation({
    mutationFn: (f: () => Promise<OpResult>) => f(),
    onSuccess: (r) => {
      message.success(`已处理 ${r.moved} 条`);
      setSelected([]);
      setAssigning([]);
      setReturning(null);
      setRefusing(null);
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

  return (
    <div>
      <Typography.Title level={4}>退货入库分配</Typography.Title>
      <Tabs
        activeKey={url.filters.status ?? ''}
        onChange={(s) => url.search({ ...url.filters, status: s })}
        items={TABS.map((s) => ({ key: s, label: tabLabel(s) }))}
      />
      <Form
        layout="inline"
        key={JSON.stringify(url.filters)}
        initialValues={url.filters}
        onFinish={(v) => url.search({ ...v, status: url.filters.status })}
        style={{ marginBottom: 12 }}
      >
        <Form.Item name="keyword" label="退货单号/快递单号/货号">
          <Input allowClear maxLength={40} />
        </Form.Item>
        <Form.Item name="stall" label="档口">
          <Input allowClear maxLength={60} />
        </Form.Item>
        <Form.Item name="pickerUserId" label="拿货员">
          <Select allowClear placeholder="全部" style={{ width: 140 }} options={(pickers.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" disabled={assignable.length === 0} onClick={() => setAssigning(ids(assignable))}>
          分配拿货员{assignable.length ? `（${assignable.length}）` : ''}
        </Button>
        <Button disabled={assignable.length === 0} onClick={() => act.mutate(() => offlineApi.stop(ids(assignable)))}>
          暂停退货
        </Button>
        <Button disabled={stopped.length === 0} onClick={() => act.mutate(() => offlineApi.resume(ids(stopped)))}>
          恢复退货
        </Button>
        <Button disabled={selected.length === 0} onClick={() => void printReturnStorageTags(selected)}>
          打印退货入库标签
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
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
                    <Button type="link" size="small" onClick={() => setReturning(l)}>
                      已退货
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRefusing(l)}>
                      拒退
                    </Button>
                  </>
                )}
                <Button type="link" size="small" onClick={() => setLogsOf(l.id)}>
                  日志
                </Button>
              </Space>
            ),
          },
        ]}
        pagination={{ ...paginationDefaults, current: url.pageNo, pageSize: url.pageSize, total: page.data?.total ?? 0, onChange: url.page }}
      />
      <AssignDialog
        count={assigning.length}
        loading={act.isPending}
        onClose={() => setAssigning([])}
        onOk={(p) => act.mutate(() => offlineApi.assign(assigning, p))}
      />
      <ReturnedDialog
        line={returning}
        loading={act.isPending}
        onClose={() => setReturning(null)}
        onOk={(fen) => returning && act.mutate(() => offlineApi.returned(returning.id, fen))}
      />
      <RefuseDialog
        line={refusing}
        loading={act.isPending}
        onClose={() => setRefusing(null)}
        onOk={(reason) => refusing && act.mutate(() => offlineApi.refuse(refusing.id, reason))}
      />
      <LogsModal lineId={logsOf} side="purchaser" onClose={() => setLogsOf(null)} />
    </div>
  );
}
