/**
 * The 利润 tab of 店铺拿退货统计 (decision 0038): per shop (or platform, or none) and period, the
 * seller's paid orders by the Beijing day of payment — sale, goods, express, service, after-sale
 * money back, profit and margin; totals, chart, Excel export, and per shop row 查看订单 (a drawer
 * of the per-order profit). The filters are the page's, in the address, the shop picker's too.
 */
import { PROFIT_SPLIT_NAMES, type ProfitStatisticsRow, type ProfitStatisticsSplit, type StatisticsPeriod } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { profitStatisticsApi } from './api';
import { ProfitChart } from './ProfitChart';
import { ProfitOrdersDrawer, profitPartColumns } from './ProfitOrdersDrawer';
import { ShopPicker } from './ShopPicker';
import { money, percent, periodTitle, StatisticsFilters } from './StatisticsFilters';

export type ProfitValues = {
  dateFrom: string;
  dateTo: string;
  period: StatisticsPeriod;
  split: ProfitStatisticsSplit;
  shopIds: number[] | undefined;
  orders: string | undefined;
};

export function ProfitTab({ values: v, onChange }: { values: ProfitValues; onChange: (patch: Partial<ProfitValues>) => void }) {
  const shops = v.shopIds ? { shopIds: v.shopIds } : {};
  const q = { startDay: v.dateFrom, endDay: v.dateTo, period: v.period, split: v.split, ...shops };
  const result = useQuery({ queryKey: profitStatisticsApi.keys(q), queryFn: () => profitStatisticsApi.get(q), placeholderData: keepPreviousData });
  const data = result.data;
  const shopRows = data?.split === 'SHOP';
  // The drawer's shop key lives in the address (`orders`): '0' = orders without a shop.
  const drawerShop = v.orders !== undefined && /^\d+$/.test(v.orders) ? Number(v.orders) : undefined;
  const drawerTitle = data?.keys.find((k) => k.key === v.orders)?.keyName ?? '';

  const columns = withColumnMinWidth<TableColumnsType<ProfitStatisticsRow>[number]>([
    { title: periodTitle(v.period), dataIndex: 'period' },
    { title: PROFIT_SPLIT_NAMES[data?.split ?? v.split], dataIndex: 'keyName' },
    { title: '订单数', dataIndex: 'orders', align: 'right' },
    { title: '销售额', dataIndex: 'saleFen', align: 'right', render: money },
    ...profitPartColumns<ProfitStatisticsRow>(),
    { title: '无售价订单', dataIndex: 'noSale', align: 'right' },
    ...(shopRows
      ? [
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, r: ProfitStatisticsRow) => (
              <Button type="link" size="small" onClick={() => onChange({ orders: r.key })}>
                查看订单
              </Button>
            ),
          },
        ]
      : []),
  ]);
  const t = data?.total;

  return (
    <div>
      <StatisticsFilters values={v} onChange={onChange} splitNames={PROFIT_SPLIT_NAMES} onExport={() => profitStatisticsApi.export(q)}>
        <ShopPicker page="shopTakeReturn" value={v.shopIds} onChange={(shopIds) => onChange({ shopIds })} />
      </StatisticsFilters>
      {t && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 6 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="订单数">{t.orders}</Descriptions.Item>
          <Descriptions.Item label="销售额">{money(t.saleFen)}</Descriptions.Item>
          <Descriptions.Item label="成本">{money(t.goodsFen + t.expressFen + t.serviceFen)}</Descriptions.Item>
          <Descriptions.Item label="售后退回">{money(t.afterSaleBackFen)}</Descriptions.Item>
          <Descriptions.Item label="利润">{money(t.profitFen)}</Descriptions.Item>
          <Descriptions.Item label="利润率">{percent(t.margin)}</Descriptions.Item>
        </Descriptions>
      )}
      {data && <ProfitChart data={data} />}
      <Table<ProfitStatisticsRow>
        rowKey={(r) => `${r.period}|${r.key}`}
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={result.isFetching}
        locale={{ emptyText: '所选日期内暂无已支付订单' }}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        按支付日（北京时间）统计已支付的代发订单：售价为店铺订单中这些商品的实付金额（手工或导入订单无售价，按 0
        计并标为无售价）；货款、快递费、服务费为订单实付扣除全部退款后的金额（含补款）；售后退回为档口退款退回余额的金额。买家在平台的退款不经过本系统资金，不在此扣除。已取消或全部退款的订单各项按
        0 计。
      </Typography.Paragraph>
      <ProfitOrdersDrawer
        open={v.orders !== undefined}
        title={drawerTitle}
        startDay={v.dateFrom}
        endDay={v.dateTo}
        shopId={drawerShop}
        shopIds={v.shopIds}
        onClose={() => onChange({ orders: undefined })}
      />
    </div>
  );
}
