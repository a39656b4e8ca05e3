/**
 * 我的工单 (/workorder/myworkorder), sellers and purchasers: tabs by status, filters and paging in the
 * address, 新建工单 and each work order's conversation as dialogs of the address, the filtered list
 * to Excel.
 */
import { WORK_ORDER_STATUS_LABELS } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Tabs, Typography } from 'antd';
import { ListFilterForm, ListToolbar, useListPage } from '../../../lib/list-page';
import { workOrderApi, workOrderKeys } from '../api';
import { CreateWorkOrderDialog } from '../components/CreateWorkOrderDialog';
import { WorkOrderDrawer } from '../components/WorkOrderDrawer';
import { WorkOrderTable } from '../components/WorkOrderTable';
import { MY_WORK_ORDER_LIST, TABS, type Tab, WORK_ORDER_FIELDS } from '../work-order-list';

const tabLabel = (t: Tab) => (t === 'ALL' ? '全部' : WORK_ORDER_STATUS_LABELS[t]);

export default function MyWorkOrderPage() {
  const list = useListPage(MY_WORK_ORDER_LIST);
  const { query } = list;
  const tab = (list.filters.status ?? 'ALL') as Tab;
  const page = useQuery({ queryKey: workOrderKeys.page(false, query), queryFn: () => workOrderApi.page(query), placeholderData: keepPreviousData });

  return (
    <div>
      <Typography.Title level={4}>我的工单</Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="订单、售后、包裹、资金或账号遇到问题，可在这里提交工单，平台客服会在工单中回复；有新回复时右上角消息会提醒您。"
      />
      <Tabs
        activeKey={tab}
        onChange={(t) => list.filter({ status: t === 'ALL' ? undefined : (t as Exclude<Tab, 'ALL'>) })}
        items={TABS.map((t) => ({ key: t, label: tabLabel(t) }))}
      />
      <ListFilterForm
        fields={WORK_ORDER_FIELDS}
        values={list.active}
        onSearch={list.filter}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={() => list.search({ status: list.filters.status })}>
            重置
          </Button>
        }
      />
      <ListToolbar
        actions={[{ label: '新建工单', primary: true, onClick: () => list.openDialog('create') }]}
        exportExcel={() => workOrderApi.exportExcel(list.active)}
      />
      <WorkOrderTable
        rows={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0)}
        emptyText={tab === 'ALL' ? '暂无工单' : `没有${tabLabel(tab)}的工单`}
        onOpen={(id) => list.openDialog('detail', id)}
      />
      <CreateWorkOrderDialog open={list.isOpen('create')} onClose={list.closeDialog} onCreated={(id) => list.openDialog('detail', id)} />
      <WorkOrderDrawer id={list.isOpen('detail') ? (list.dialog?.id ?? null) : null} onClose={list.closeDialog} />
    </div>
  );
}
