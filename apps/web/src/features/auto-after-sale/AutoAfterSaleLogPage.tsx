/**
 * 自动售后日志 (/basicSet/automaticAfterSale/AutomaticLog): every platform after-sale a rule decided, with
 * the rule and the result (已执行 / 未执行 and why / 失败 and the reason); filters and paging in the
 * address, the filtered log to Excel.
 */
import { AUTO_AFTER_SALE_RESULT_NAMES, AUTO_AFTER_SALE_RULE_NAMES, type AutoAfterSaleLogRow, AutoAfterSaleResult } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { day, type FilterField, ListFilterForm, ListToolbar, oneOf, optionsOf, positiveInt, text, useListPage } from '../../lib/list-page';
import { afterSaleDetailPath } from '../after-sales/after-sale-list';
import { shopOrderKeys, shopOrdersApi } from '../shop-orders/api';
import { autoAfterSaleApi, autoAfterSaleKeys } from './api';

const LOG_LIST = {
  filters: { shopId: positiveInt(), result: oneOf(AutoAfterSaleResult.options), keyword: text(64), createdFrom: day(), createdTo: day() },
};
const RESULT_COLORS = { APPLIED: 'green', SKIPPED: 'default', FAILED: 'red' } as const;

export default function AutoAfterSaleLogPage() {
  const list = useListPage(LOG_LIST);
  const { query } = list;
  const page = useQuery({ queryKey: autoAfterSaleKeys.log(query), queryFn: () => autoAfterSaleApi.log(query), placeholderData: keepPreviousData });
  const shops = useQuery({ queryKey: shopOrderKeys.shopOptions(), queryFn: shopOrdersApi.shopOptions, staleTime: 300_000 });
  const fields: FilterField[] = [
    {
      kind: 'select',
      name: 'shopId',
      label: '店铺',
      width: 160,
      placeholder: '全部店铺',
      options: (shops.data ?? []).map((s) => ({ value: s.id, label: s.name })),
    },
    { kind: 'select', name: 'result', label: '处理结果', width: 120, options: optionsOf(AUTO_AFTER_SALE_RESULT_NAMES) },
    { kind: 'text', name: 'keyword', label: '单号', width: 190, maxLength: 64, placeholder: '售后单号/订单号/平台退款单号' },
    { kind: 'dayRange', name: 'created', label: '处理日期', from: 'createdFrom', to: 'createdTo' },
  ];
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>自动售后日志</Typography.Title>
        <Link to="/basicSet/automaticAfterSale">自动售后设置</Link>
      </Space>
      <ListFilterForm
        fields={fields}
        values={list.active}
        onSearch={list.search}
        extra={
          <Button style={{ marginLeft: 8 }} onClick={() => list.search({})}>
            重置
          </Button>
        }
      />
      <ListToolbar actions={[]} exportExcel={() => autoAfterSaleApi.exportExcel(list.active)} />
      <Table<AutoAfterSaleLogRow>
        rowKey="id"
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无记录：开启自动售后规则后，店铺同步到的平台售后会在这里记录处理结果' }}
        pagination={list.pagination(page.data?.total ?? 0)}
        columns={[
          { title: '处理时间', dataIndex: 'createdAt', width: 170, render: (t: string) => formatDateTime(t) },
          { title: '店铺', dataIndex: 'shopName' },
          { title: '售后单号', dataIndex: 'afterSaleNo', render: (no: string, r) => <Link to={afterSaleDetailPath(r.afterSaleId)}>{no}</Link> },
          { title: '代发订单号', dataIndex: 'orderNo' },
          { title: '平台退款单号', dataIndex: 'platformRefundId' },
          { title: '规则', dataIndex: 'rule', render: (r: AutoAfterSaleLogRow['rule']) => (r ? AUTO_AFTER_SALE_RULE_NAMES[r] : '—') },
          {
            title: '结果',
            dataIndex: 'result',
            width: 90,
            render: (r: AutoAfterSaleLogRow['result']) => <Tag color={RESULT_COLORS[r]}>{AUTO_AFTER_SALE_RESULT_NAMES[r]}</Tag>,
          },
          { title: '说明', dataIndex: 'message' },
        ]}
      />
    </div>
  );
}
