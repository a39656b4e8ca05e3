/**
 * 工单处理 (/operator/workOrders), the console's support role: every organisation's work orders, the
 * most recently changed first, tabs by status, filters in the address; each one's conversation in a
 * drawer to accept, answer, resolve or close (each change audited by the server).
 */
import { WORK_ORDER_STATUS_LABELS } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Tabs, Typography } from 'antd';
import { ListFilterForm, ListToolbar, useListPage } from '../../../lib/list-page';
import { consoleWorkOrderApi, workOrderKeys } from '../api';
import { WorkOrderDrawer } from '../components/WorkOrderDrawer';
import { WorkOrderTable } from '../components/WorkOrderTable';
import { CONSOLE_FIELDS, CONSOLE_WORK_ORDER_LIST, TABS, type Tab } from '../work-order-list';

const tabLabel = (t: Tab) => (t === 'ALL' ? '全部' : WORK_ORDER_STATUS_LABELS[t]);

export default function WorkOrderConsolePage() {
  const list = useListPage(CONSOLE_WORK_ORDER_LIST);
  const { query } = list;
  const tab = (list.filters.status ?? 'ALL') as Tab;
  const page = useQuery({ queryKey: workOrderKeys.page(true, query), queryFn: () => consoleWorkOrderApi.page(query), placeholderData: keepPreviousData });

  return (
    <div>
      <Typography.Title level={4}>工单处理</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(t) => list.filter({ status: t === 'ALL' ? undefined : (t as Exclude<Tab, 'ALL'>) })}
        items={TABS.map((t) => ({ key: t, label: tabLabel(t) }))}
      />
      <ListFilterForm
        fields={CONSOLE_FIELDS}
        values={list.active}
        onSearch={list.filter}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={() => list.search({ status: list.filters.status })}>
            重置
          </Button>
        }
      />
      <ListToolbar exportExcel={() => consoleWorkOrderApi.exportExcel(list.active)} />
      <WorkOrderTable
        console
        rows={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        emptyText={tab === 'ALL' ? '暂无工单' : `没有${tabLabel(tab)}的工单`}
        onOpen={(id) => list.openDialog('detail', id)}
      />
      <WorkOrderDrawer console id={list.isOpen('detail') ? (list.dialog?.id ?? null) : null} onClose={list.closeDialog} />
    </div>
  );
}
