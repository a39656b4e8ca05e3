/**
 * 店铺订单 (/order/orderList): the seller's shop orders, filtered through the URL, receiver masked by
 * the server, lines in an expandable row; selected orders go to 代发下单, the filtered set to Excel.
 * Status tabs with each status's count under the other filters; 订单导入 and 异常订单 one click away.
 */
import { SendOutlined } from '@ant-design/icons';
import { SHOP_ORDER_STATUS_NAMES, type ShopOrderRow, ShopOrderStatus } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListFilterForm, ListToolbar, useColumnSettings, useListPage } from '../../lib/list-page';
import { expandableDefaults, rowSelectionDefaults, totalText } from '../../lib/table-defaults';
import { shopOrderKeys, shopOrdersApi } from './api';
import { OrderItemsTable } from './OrderItemsTable';
import { orderColumns } from './order-columns';
import { SHOP_ORDER_LIST, shopOrderFields } from './order-list';

const PLACE_ORDER_PATH = '/order/placeOrder';

export default function ShopOrderListPage() {
  const navigate = useNavigate();
  const list = useListPage(SHOP_ORDER_LIST);
  const { query } = list;
  const page = useQuery({ queryKey: shopOrderKeys.page(query), queryFn: () => shopOrdersApi.page(query), placeholderData: keepPreviousData });
  const shops = useQuery({ queryKey: shopOrderKeys.shopOptions(), queryFn: shopOrdersApi.shopOptions });
  // The tabs count each status under the other filters (the tab itself is the status filter).
  const { status, ...others } = list.active;
  const counts = useQuery({
    queryKey: shopOrderKeys.statusCounts(others),
    queryFn: () => shopOrdersApi.statusCounts(others),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<number[]>([]);
  // 列设置, remembered per account like 代发订单's.
  const columnSettings = useColumnSettings('shop-orders', orderColumns);
  // A new search starts a new selection; paging keeps it (orders are picked across pages).
  const search = (filters: Parameters<typeof list.search>[0]) => {
    setSelected([]);
    list.search(filters);
  };

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>店铺订单</Typography.Title>
        <Space>
          <Link to="/order/intelligentImport">
            <Button>订单导入</Button>
          </Link>
          <Link to="/order/abnormalList">
            <Button>异常订单</Button>
          </Link>
        </Space>
      </Space>
      <Tabs
        activeKey={status ?? 'ALL'}
        onChange={(t) => {
          setSelected([]);
          list.filter({ status: t === 'ALL' ? undefined : (t as ShopOrderStatus) });
        }}
        items={[
          { key: 'ALL', label: '全部' },
          ...ShopOrderStatus.options.map((s) => {
            const c = counts.data?.find((x) => x.status === s);
            return { key: s, label: c ? `${SHOP_ORDER_STATUS_NAMES[s]}（${c.count}${c.capped ? '+' : ''}）` : SHOP_ORDER_STATUS_NAMES[s] };
          }),
        ]}
      />
      <ListFilterForm
        fields={shopOrderFields(shops.data ?? [])}
        values={list.active}
        onSearch={search}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={() => search({})}>
            重置
          </Button>
        }
        style={{ rowGap: 12 }}
      />
      <ListToolbar
        actions={[
          {
            label: `批量代发下单${selected.length ? `（${selected.length}）` : ''}`,
            primary: true,
            icon: <SendOutlined />,
            disabled: selected.length === 0,
            onClick: () => navigate(`${PLACE_ORDER_PATH}?shopOrderIds=${selected.join(',')}`),
          },
        ]}
        exportExcel={() => shopOrdersApi.exportExcel(list.active)}
      >
        {columnSettings.button}
      </ListToolbar>
      <Table<ShopOrderRow>
        rowKey="id"
        columns={columnSettings.columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无店铺订单：授权店铺后同步，或通过“订单导入”导入' }}
        rowSelection={{ ...rowSelectionDefaults, selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }}
        expandable={{ ...expandableDefaults, expandedRowRender: (r) => <OrderItemsTable items={r.items} /> }}
        // Counted up to 10,000: past it the page says so and asks for narrower filters.
        pagination={list.pagination(page.data?.total ?? 0, totalText(page.data?.totalCapped))}
      />
    </div>
  );
}
