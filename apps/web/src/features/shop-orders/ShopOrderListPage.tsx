/**
 * 店铺订单 (/order/orderList): the seller's shop orders, filtered through the URL, receiver masked by
 * the server, lines in an expandable row; selected orders go to 代发下单, the filtered set to Excel.
 */
import { DownloadOutlined, SendOutlined } from '@ant-design/icons';
import { PAGINATION_TEXT, type ShopOrderRow } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { expandableDefaults, paginationDefaults, rowSelectionDefaults } from '../../lib/table-defaults';
import { shopOrderKeys, shopOrdersApi } from './api';
import { OrderFilterForm } from './OrderFilterForm';
import { OrderItemsTable } from './OrderItemsTable';
import { orderColumns } from './order-columns';
import { filterBody, filtersFromUrl, PAGE_SIZES, pagingFromUrl, toUrl } from './order-filters';

const PLACE_ORDER_PATH = '/order/placeOrder';

export default function ShopOrderListPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Memoized on the address text, so the form resets only when the address changes.
  const filters = useMemo(() => filtersFromUrl(new URLSearchParams(key)), [key]);
  const paging = pagingFromUrl(params);
  const body = filterBody(filters);
  const query = { ...body, ...paging };
  const page = useQuery({ queryKey: shopOrderKeys.page(query), queryFn: () => shopOrdersApi.page(query), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<number[]>([]);
  const exporting = useMutation({ mutationFn: () => shopOrdersApi.exportExcel(body) });

  return (
    <div>
      <Typography.Title level={4}>店铺订单</Typography.Title>
      <OrderFilterForm
        value={filters}
        onSearch={(f) => {
          setSelected([]);
          setParams(toUrl(f, { pageNo: 1, pageSize: paging.pageSize }));
        }}
      />
      <Space style={{ marginBottom: 12 }} wrap>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={selected.length === 0}
          onClick={() => navigate(`${PLACE_ORDER_PATH}?shopOrderIds=${selected.join(',')}`)}
        >
          批量代发下单{selected.length ? `（${selected.length}）` : ''}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<ShopOrderRow>
        rowKey="id"
        columns={orderColumns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无店铺订单：授权店铺后同步，或通过“订单导入”导入' }}
        rowSelection={{ ...rowSelectionDefaults, selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)) }}
        expandable={{ ...expandableDefaults, expandedRowRender: (r) => <OrderItemsTable items={r.items} /> }}
        pagination={{
          ...paginationDefaults,
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total: page.data?.total ?? 0,
          // Counted up to 10,000: past it the page says so and asks for narrower filters.
          showTotal: (total) => (page.data?.totalCapped ? `共 ${total}+ 条（请缩小筛选范围）` : PAGINATION_TEXT.total(total)),
          pageSizeOptions: PAGE_SIZES,
          onChange: (p, s) => setParams(toUrl(filters, { pageNo: s !== paging.pageSize ? 1 : p, pageSize: s })),
        }}
      />
    </div>
  );
}
