/**
 * 售后订单 (/afterSale/afterSaleList): tabs by after-sale status with their counts, filters and paging
 * in the address, receiver masked; each row shows the actions its status allows, open platform
 * refunds are agreed or refused on the platform one by one, or intercepted together (the result lists each one that could not be), the filtered set
 * goes to Excel. Each row opens its detail.
 */
import { AFTER_SALE_STATUS_NAMES, type AfterSaleRow, AfterSaleStatus, type AfterSaleStatusCode } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFilterForm, ListToolbar, useListPage } from '../../../lib/list-page';
import { rowSelectionDefaults, totalText } from '../../../lib/table-defaults';
import { shopOrderKeys, shopOrdersApi } from '../../shop-orders/api';
import { AFTER_SALE_LIST, afterSaleDetailPath, afterSaleFields, allowedActions } from '../after-sale-list';
import { answerActions } from '../answer-actions';
import { afterSaleApi, afterSaleKeys } from '../api';
import { afterSaleColumns } from '../components/list-columns';
import { ACTION_LABELS, useAfterSaleActions } from '../components/use-after-sale-actions';

const TABS = ['ALL', ...AfterSaleStatus.options] as const;
const tabLabel = (t: (typeof TABS)[number]) => (t === 'ALL' ? '全部' : AFTER_SALE_STATUS_NAMES[t]);

export default function AfterSaleListPage() {
  const list = useListPage(AFTER_SALE_LIST);
  const { query } = list;
  const tab = list.filters.status ?? 'ALL';
  const page = useQuery({ queryKey: afterSaleKeys.page(query), queryFn: () => afterSaleApi.page(query), placeholderData: keepPreviousData });
  const shops = useQuery({ queryKey: shopOrderKeys.shopOptions(), queryFn: shopOrdersApi.shopOptions, staleTime: 300_000 });
  const [selected, setSelected] = useState<AfterSaleRow[]>([]);
  const actions = useAfterSaleActions(() => setSelected([]));
  // The selection is of the rows on screen: another tab, search or page starts a new one.
  const fresh =
    <A extends unknown[]>(go: (...a: A) => void) =>
    (...a: A) => {
      setSelected([]);
      go(...a);
    };

  const columns = afterSaleColumns((r) => (
    <Space size={4} wrap>
      <Link to={afterSaleDetailPath(r.id)}>详情</Link>
      {[...allowedActions(r), ...answerActions(r)].map((a) => (
        <Button key={a} type="link" size="small" danger={a !== 'FILL_WAYBILL' && a !== 'AGREE'} onClick={() => actions.run(a, r)}>
          {ACTION_LABELS[a]}
        </Button>
      ))}
    </Space>
  ));
  const counts = page.data?.counts ?? {};
  const countOf = (t: (typeof TABS)[number]) => (t === 'ALL' ? (counts.ALL ?? AfterSaleStatus.options.reduce((n, s) => n + (counts[s] ?? 0), 0)) : counts[t]);
  // Under filters a tab is counted up to a cap: past it the answer names the tab and the page says "10000+".
  const plus = (t: string) => (page.data?.countsCapped?.includes(t) ? '+' : '');
  const interceptable = selected.filter((r) => allowedActions(r).includes('INTERCEPT'));

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>售后订单</Typography.Title>
        <Link to="/afterSale/quickQuery">快速查询</Link>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={fresh((t: string) => list.filter({ status: t === 'ALL' ? undefined : (t as AfterSaleStatusCode) }))}
        items={TABS.map((t) => {
          const n = countOf(t);
          return { key: t, label: n ? `${tabLabel(t)}（${n}${plus(t)}）` : tabLabel(t) };
        })}
      />
      <ListFilterForm
        fields={afterSaleFields(shops.data ?? [])}
        values={list.active}
        // Merged into the set filters, so the tab stays.
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
            label: `批量拦截退款${interceptable.length ? `（${interceptable.length}）` : ''}`,
            danger: true,
            disabled: interceptable.length === 0,
            loading: actions.busy,
            onClick: () => actions.interceptMany(interceptable),
          },
        ]}
        exportExcel={() => afterSaleApi.exportExcel(list.active)}
      />
      <Table<AfterSaleRow>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tab === 'ALL' ? '暂无售后单：在“代发订单”的订单上点“申请售后”，或等待店铺同步平台退款' : `没有${tabLabel(tab)}的售后单` }}
        rowSelection={{
          ...rowSelectionDefaults,
          selectedRowKeys: selected.map((r) => r.id),
          getCheckboxProps: (r) => ({ 'aria-label': `选择售后单${r.afterSaleNo}` }),
          onChange: (_, rows) => setSelected(rows),
        }}
        pagination={list.pagination(page.data?.total ?? 0, {
          onChange: fresh((pageNo: number, pageSize: number) => list.change({ pageNo, pageSize })),
          ...totalText(page.data?.totalCapped),
        })}
      />
      {actions.dialogs}
    </div>
  );
}
