/**
 * 快速查询 (/afterSale/quickQuery): one box for an order number (ours or the shop's), a waybill
 * (outbound or return) or the receiver's phone tail, answered across dropship orders, after-sales
 * and problem parcels. The keyword lives in the address, so a result can be linked and gone back to.
 */
import { useQuery } from '@tanstack/react-query';
import { Input, Spin, Typography } from 'antd';
import { text, useUrlParams } from '../../../lib/list-page';
import { afterSaleApi, afterSaleKeys } from '../api';
import { QuickQueryResults } from '../components/QuickQueryResults';

const PARAMS = { keyword: text(64) };

export default function QuickQueryPage() {
  const [{ keyword }, set] = useUrlParams(PARAMS);
  const result = useQuery({ queryKey: afterSaleKeys.quick(keyword ?? ''), queryFn: () => afterSaleApi.quickQuery(keyword ?? ''), enabled: !!keyword });

  return (
    <div>
      <Typography.Title level={4}>快速查询</Typography.Title>
      <Input.Search
        key={keyword ?? ''}
        aria-label="查询内容"
        placeholder="订单号 / 快递单号 / 手机尾号"
        allowClear
        enterButton="查询"
        defaultValue={keyword}
        maxLength={64}
        style={{ width: 420 }}
        onSearch={(v) => set({ keyword: v.trim() || undefined })}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        代发订单号、店铺订单号、发货或退货快递单号、收货人手机后4位，一次查出相关的代发订单、售后单和问题件。
      </Typography.Paragraph>
      {result.isFetching && <Spin />}
      {keyword && result.data && <QuickQueryResults result={result.data} />}
    </div>
  );
}
