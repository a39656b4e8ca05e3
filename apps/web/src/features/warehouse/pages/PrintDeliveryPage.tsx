/**
 * 打印发货 (/print/printDelivery): orders whose items are all in (待发货), orders still in a sorting
 * slot (分拣中) and shipped ones (已发货). Selected ready orders get their waybills and ship one by one
 * with a progress bar, then all their waybills print as one job; shipped ones reprint. Filters, tab
 * and paging live in the address; the filtered list exports to Excel.
 */
import { SELF_PICKUP_EXPRESS, type WarehouseOrderRow, WarehouseView, type WaybillLabelData } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Popconfirm, Progress, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { day, type FilterField, ListFilterForm, ListToolbar, oneOf, text, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults } from '../../../lib/table-defaults';
import { warehouseApi, warehouseKeys } from '../api';
import { type BatchOutcome, shipInTurn } from '../batch-ship';
import { EXPRESS_OPTIONS, warehouseColumns } from '../components/list-columns';
import { printWaybills } from '../print-waybills';

// The one page-size policy (at most 100): a batch ships and prints the rows ticked on one page, and
// the page never offered more than 100 rows to tick.
const LIST = {
  filters: {
    view: oneOf(WarehouseView.options).or('READY'),
    orderNo: text(32),
    trackingNo: text(40),
    expressCode: text(20),
    dateFrom: day(),
    dateTo: day(),
  },
};
const TABS: { key: WarehouseView; label: string }[] = [
  { key: 'READY', label: '待发货（已到齐）' },
  { key: 'SORTING', label: '分拣中（未到齐）' },
  { key: 'SHIPPED', label: '已发货' },
];

/** The filter form of a tab: the tracking number and the delivery days only where orders have them. */
const fieldsOf = (view: WarehouseView): FilterField[] => [
  { kind: 'text', name: 'orderNo', label: '代发订单号', width: 180, maxLength: 32 },
  ...(view === 'SHIPPED' ? [{ kind: 'text', name: 'trackingNo', label: '快递单号', width: 180, maxLength: 40 } as const] : []),
  { kind: 'select', name: 'expressCode', label: '快递', width: 140, options: EXPRESS_OPTIONS },
  ...(view === 'SHIPPED' ? [{ kind: 'dayRange', name: 'range', label: '发货日期', from: 'dateFrom', to: 'dateTo' } as const] : []),
];

export default function PrintDeliveryPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const { query } = list;
  const view = list.filters.view;
  const page = useQuery({ queryKey: warehouseKeys.orders(query), queryFn: () => warehouseApi.orders(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<WarehouseOrderRow[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const refresh = () => {
    setSelected([]);
    void qc.invalidateQueries({ queryKey: warehouseKeys.all });
  };
  const print = (waybills: WaybillLabelData[]) =>
    waybills.length ? printWaybills(waybills).catch((e: unknown) => message.error(e instanceof Error ? e.message : '打印失败')) : undefined;

  /** Ships whole parcels (同一收货人合并的订单一起); `ship = warehouseApi.shipAlone` for 拆开单独发. */
  async function shipSelected(rows: WarehouseOrderRow[], ship = warehouseApi.ship) {
    setProgress({ done: 0, total: rows.length });
    let out: BatchOutcome;
    try {
      out = await shipInTurn(rows, ship, (done, total) => setProgress({ done, total }));
    } finally {
      setProgress(null);
      refresh();
    }
    await print(out.waybills);
    if (out.failures.length === 0) message.success(`已发货 ${out.waybills.length} 单，面单已发送打印`);
    else
      modal.warning({
        title: `${out.waybills.length} 单已发货，${out.failures.length} 单未能发货`,
        content: out.failures.map((f) => `${f.orderNo}：${f.message}`).join('\n'),
      });
  }

  async function reprint(rows: WarehouseOrderRow[]) {
    const waybills: WaybillLabelData[] = [];
    for (const r of rows) waybills.push(await warehouseApi.reprint(r.orderId));
    await print(waybills);
    refresh();
  }

  const track = useMutation({
    mutationFn: warehouseApi.refreshTracking,
    onSuccess: (r) => {
      message.info(r.result === 'signed' ? '已签收，订单已完成' : r.result === 'moving' ? '运输中，尚未签收' : '快递公司暂无物流信息');
      refresh();
    },
  });

  const handOver = useMutation({
    mutationFn: warehouseApi.handOver,
    onSuccess: (r) => {
      message.success(`订单 ${r.orderNo} 已交付取货人，订单已完成`);
      refresh();
    },
  });

  // 作废面单: a number taken for an order whose shipment then stopped is given back at its source.
  const voidKept = useMutation({
    mutationFn: warehouseApi.voidWaybill,
    onSuccess: (r) => {
      message.success(`面单 ${r.trackingNo} 已作废，下次发货重新取号`);
      refresh();
    },
  });

  const columns = warehouseColumns(view, (r) => (
    <Space size={4}>
      {view === 'READY' && r.expressCode === SELF_PICKUP_EXPRESS && (
        <Popconfirm title="请核对取货人姓名和电话后交付，交付后订单完成" onConfirm={() => handOver.mutateAsync(r.orderId)}>
          <Button type="link" size="small">
            交付取货人
          </Button>
        </Popconfirm>
      )}
      {view === 'READY' && r.expressCode !== SELF_PICKUP_EXPRESS && (
        <Button type="link" size="small" onClick={() => void shipSelected([r])}>
          发货
        </Button>
      )}
      {view === 'READY' && r.expressCode !== SELF_PICKUP_EXPRESS && r.mergeOrderNos.length > 0 && (
        <Popconfirm
          title={`不等同一收货人的其他订单（${r.mergeOrderNos.join('、')}），只给这一单发货？`}
          onConfirm={() => shipSelected([r], warehouseApi.shipAlone)}
        >
          <Button type="link" size="small">
            拆开单独发
          </Button>
        </Popconfirm>
      )}
      {view !== 'SHIPPED' && r.keptTrackingNo && (
        <Popconfirm
          title={`作废面单 ${r.keptTrackingNo}？`}
          description="该单号将在面单来源（平台电子面单或快递100）取消，不能再使用；下次发货重新取号"
          okText="作废"
          okButtonProps={{ danger: true }}
          onConfirm={() => voidKept.mutateAsync(r.orderId)}
        >
          <Button type="link" size="small" danger>
            作废面单
          </Button>
        </Popconfirm>
      )}
      {view === 'SHIPPED' && r.expressCode !== SELF_PICKUP_EXPRESS && (
        <>
          <Button type="link" size="small" onClick={() => void reprint([r])}>
            补打面单
          </Button>
          <Button type="link" size="small" loading={track.isPending && track.variables === r.orderId} onClick={() => track.mutate(r.orderId)}>
            查物流
          </Button>
        </>
      )}
    </Space>
  ));

  return (
    <div>
      <Typography.Title level={4}>打印发货</Typography.Title>
      <Tabs
        activeKey={view}
        onChange={(k) => {
          setSelected([]);
          list.filter({ view: k as WarehouseView });
        }}
        items={TABS}
      />
      {/* The tab stays; a field the tab does not show is cleared. */}
      <ListFilterForm fields={fieldsOf(view)} values={list.active} onSearch={(f) => list.search({ ...f, view })} />
      <ListToolbar
        actions={[
          view === 'READY' && {
            label: `批量发货并打印面单${selected.length ? `（${selected.length}）` : ''}`,
            primary: true,
            disabled: selected.length === 0,
            onClick: () => void shipSelected(selected.filter((r) => r.expressCode !== SELF_PICKUP_EXPRESS)),
          },
          view === 'SHIPPED' && {
            label: `批量补打面单${selected.length ? `（${selected.length}）` : ''}`,
            disabled: selected.length === 0,
            onClick: () => void reprint(selected),
          },
        ]}
        exportExcel={() => warehouseApi.exportExcel(list.active)}
      />
      <Table<WarehouseOrderRow>
        rowKey="orderId"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: view === 'READY' ? '没有已到齐待发货的订单：在“扫描打印”扫描拿货码入库' : '暂无订单' }}
        rowSelection={
          view === 'SORTING'
            ? undefined
            : {
                ...rowSelectionDefaults,
                selectedRowKeys: selected.map((r) => r.orderId),
                getCheckboxProps: (r) => ({ 'aria-label': `选择订单${r.orderNo}` }),
                onChange: (_, rows) => setSelected(rows),
              }
        }
        pagination={list.pagination(page.data?.total ?? 0)}
      />
      <Modal open={progress !== null} title="正在获取快递单号并发货" footer={null} closable={false}>
        {progress && (
          <>
            <Progress percent={Math.round((progress.done / progress.total) * 100)} />
            <Typography.Text>
              已处理 {progress.done} / {progress.total} 单
            </Typography.Text>
          </>
        )}
      </Modal>
    </div>
  );
}
