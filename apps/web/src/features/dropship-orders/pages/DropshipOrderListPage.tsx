/**
 * 代发订单 (/order/daifaOrderList): tabs by the combined order status with their counts, filters and
 * paging in the address, receiver masked; selected orders are paid or cancelled together, the
 * filtered set goes to Excel. Each row opens its detail.
 */
import { PlusOutlined } from '@ant-design/icons';
import { COMBINED_ORDER_STATUS_NAMES, DROPSHIP_TABS, type DropshipOrderRow, type DropshipTab } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Space, Table, Tabs, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ListFilterForm, ListToolbar, useColumnSettings, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults } from '../../../lib/table-defaults';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { AFTER_SALE_ALLOWED } from '../../after-sales/apply-allowed';
import type { ApplyTarget } from '../../after-sales/components/ApplyAfterSaleModal';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { dropshipApi, dropshipKeys } from '../api';
import { detailPath, listColumns } from '../components/list-columns';
import type { PayTarget } from '../components/PayDialog';
import { DROPSHIP_LIST, dropshipFields } from '../order-list';

// The dialogs load on their first opening: the list's first load carries neither (decision 0040).
const PayDialog = lazy(() => import('../components/PayDialog').then((m) => ({ default: m.PayDialog })));
const ApplyAfterSaleModal = lazy(() => import('../../after-sales/components/ApplyAfterSaleModal').then((m) => ({ default: m.ApplyAfterSaleModal })));

const tabLabel = (t: DropshipTab) => (t === 'ALL' ? '全部' : COMBINED_ORDER_STATUS_NAMES[t]);
const CANCELABLE = new Set(['WAITING_PAYMENT', 'WAITING_TAKING', 'E_NEXT_TAKING', 'E_STOP_TAKING', 'E_LACK_TAKING']);

export default function DropshipOrderListPage() {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(DROPSHIP_LIST);
  const { query } = list;
  const tab: DropshipTab = list.filters.status ?? 'ALL';
  const page = useQuery({ queryKey: dropshipKeys.page(query), queryFn: () => dropshipApi.page(query), placeholderData: keepPreviousData });
  const express = useQuery({ queryKey: dropshipKeys.expressAll(), queryFn: dropshipApi.expressAll, staleTime: 300_000 });
  const [selected, setSelected] = useState<DropshipOrderRow[]>([]);
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const payOpened = useOpenedOnce(paying !== null);
  const applyOpened = useOpenedOnce(applying !== null);
  const refresh = () => {
    setSelected([]);
    void qc.invalidateQueries({ queryKey: dropshipKeys.all });
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
  };
  const cancel = useMutation({
    mutationFn: (v: { ids: number[]; reason: string }) => dropshipApi.cancel(v.ids, v.reason),
    onSuccess: (r) => {
      const failed = r.results.filter((x) => !x.ok);
      if (failed.length === 0)
        message.success(r.results.length === 1 ? (r.results[0]?.message ?? '已取消') : `已取消 ${r.results.length} 个订单，已支付的款项已退回余额`);
      else
        modal.warning({ title: `${r.results.length - failed.length} 个已取消，${failed.length} 个未能取消`, content: failed.map((f) => f.message).join('\n') });
      refresh();
    },
  });

  const askCancel = (rows: DropshipOrderRow[]) => {
    let reason = '';
    modal.confirm({
      title: rows.length === 1 ? `取消订单 ${rows[0]?.orderNo}？` : `取消选中的 ${rows.length} 个订单？`,
      content: (
        <div>
          <Typography.Paragraph>已支付的订单，未退的款项将退回余额。</Typography.Paragraph>
          <Input aria-label="取消原因" maxLength={100} placeholder="取消原因（选填）" onChange={(e) => (reason = e.target.value)} />
        </div>
      ),
      okText: '确认取消',
      cancelText: '再想想',
      onOk: () => cancel.mutateAsync({ ids: rows.map((r) => r.id), reason }),
    });
  };
  const toPay = (rows: DropshipOrderRow[]) => setPaying(rows.map((r) => ({ id: r.id, orderNo: r.orderNo, totalFen: r.totalFen })));

  const allColumns = listColumns((r) => (
    <Space size={4} wrap>
      {r.status === 'WAITING_PAYMENT' && (
        <Button type="link" size="small" onClick={() => toPay([r])}>
          去支付
        </Button>
      )}
      {CANCELABLE.has(r.combinedStatus) && (
        <Button type="link" size="small" danger onClick={() => askCancel([r])}>
          取消
        </Button>
      )}
      {AFTER_SALE_ALLOWED.has(r.status) && (
        <Button type="link" size="small" onClick={() => setApplying(r)}>
          申请售后
        </Button>
      )}
      <Link to={detailPath(r.id)}>详情</Link>
    </Space>
  ));
  const columnSettings = useColumnSettings('dropship-orders', allColumns);
  const counts = page.data?.counts ?? {};
  // The selection is of the rows on screen: another tab, search or page starts a new one.
  const fresh =
    <A extends unknown[]>(go: (...a: A) => void) =>
    (...a: A) => {
      setSelected([]);
      go(...a);
    };
  const payable = selected.filter((r) => r.status === 'WAITING_PAYMENT');
  const cancelable = selected.filter((r) => CANCELABLE.has(r.combinedStatus));

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>代发订单</Typography.Title>
        <Space>
          <Link to="/order/placeOrder">
            <Button icon={<PlusOutlined />}>手工下单</Button>
          </Link>
          <Link to="/order/expressList">快递与运费</Link>
        </Space>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={fresh((t: string) => list.filter({ status: t === 'ALL' ? undefined : (t as Exclude<DropshipTab, 'ALL'>) }))}
        items={DROPSHIP_TABS.map((t) => ({ key: t, label: counts[t] ? `${tabLabel(t)}（${counts[t]}）` : tabLabel(t) }))}
      />
      <ListFilterForm
        fields={dropshipFields(express.data ?? [])}
        values={list.active}
        // Merged into the set filters, so the tab and a linked shop stay.
        onSearch={fresh(list.filter)}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={fresh(() => list.search({ status: list.filters.status }))}>
            重置
          </Button>
        }
      />
      <ListToolbar
        actions={[
          { label: `批量支付${payable.length ? `（${payable.length}）` : ''}`, primary: true, disabled: payable.length === 0, onClick: () => toPay(payable) },
          {
            label: `批量取消${cancelable.length ? `（${cancelable.length}）` : ''}`,
            danger: true,
            disabled: cancelable.length === 0,
            onClick: () => askCancel(cancelable),
          },
        ]}
        exportExcel={() => dropshipApi.exportExcel(list.active)}
      >
        {columnSettings.button}
      </ListToolbar>
      <Table<DropshipOrderRow>
        rowKey="id"
        columns={columnSettings.columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tab === 'ALL' ? '暂无代发订单：在“店铺订单”勾选订单后点“批量代发下单”' : `没有${tabLabel(tab)}的订单` }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: selected.map((r) => r.id),
          getCheckboxProps: (r) => ({ 'aria-label': `选择订单${r.orderNo}` }),
          onChange: (_, rows) => setSelected(rows),
        }}
        pagination={list.pagination(page.data?.total ?? 0, { onChange: fresh((pageNo: number, pageSize: number) => list.change({ pageNo, pageSize })) })}
      />
      {/* A boundary each: one loading never hides the other. */}
      <Suspense fallback={null}>
        {payOpened && (
          <PayDialog
            orders={paying}
            onClose={() => setPaying(null)}
            onPaid={() => {
              setPaying(null);
              refresh();
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>{applyOpened && <ApplyAfterSaleModal order={applying} onClose={() => setApplying(null)} />}</Suspense>
    </div>
  );
}
