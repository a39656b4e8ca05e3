/** Columns of the shipping lists (receiver masked by the server; times at +8). */
import type { WarehouseOrderRow, WarehouseView } from '@dropship/contract';
import { type TableColumnsType, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/date';

/** The express companies the platform starts with (express module defaults): the filter's choices. */
export const EXPRESS_OPTIONS = [
  ['ZTO', '中通快递'],
  ['YTO', '圆通速递'],
  ['STO', '申通快递'],
  ['YUNDA', '韵达快递'],
  ['JTSD', '极兔速递'],
  ['SF', '顺丰速运'],
  ['EMS', 'EMS'],
  ['YZXB', '邮政快递包裹'],
  ['JD', '京东快递'],
  ['DBKD', '德邦快递'],
].map(([value, label]) => ({ value: value as string, label: label as string }));

/** The parcel (decision 0019): 合并 with its other orders, 等待合并 while one of them is missing, 有货先发. */
function ParcelTags({ r }: { r: WarehouseOrderRow }) {
  if (r.mergeOrderNos.length === 0 && !r.shipTaken) return '—';
  return (
    <>
      {r.mergeOrderNos.length > 0 && (
        <Tooltip title={`同一收货人合并为一个包裹：${r.mergeOrderNos.join('、')}`}>
          <Tag color={r.mergeWaiting ? 'orange' : 'purple'} data-testid="merge-tag">
            {r.mergeWaiting ? '等待合并' : '合并'} {r.mergeOrderNos.join('、')}
          </Tag>
        </Tooltip>
      )}
      {r.shipTaken && (
        <Tooltip title="卖家设置了有货先发：发货时未拿到（明日拿）的商品停止拿货并退款">
          <Tag color="gold">有货先发</Tag>
        </Tooltip>
      )}
    </>
  );
}

export function warehouseColumns(view: WarehouseView, actions: (r: WarehouseOrderRow) => ReactNode): TableColumnsType<WarehouseOrderRow> {
  const cols: TableColumnsType<WarehouseOrderRow> = [
    {
      title: '代发订单号',
      dataIndex: 'orderNo',
      width: 180,
      // 加急 (decision 0017): waiting urgent orders are listed first by the server.
      render: (no: string, r) => (
        <>
          {no}
          {r.urgent && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              加急
            </Tag>
          )}
          {r.keptTrackingNo && (
            <Tooltip title={`已取号未发货：${r.keptTrackingNo}，再次发货沿用该单号；不再使用请作废面单`}>
              <Tag color="blue" style={{ marginInlineStart: 6 }}>
                已取号
              </Tag>
            </Tooltip>
          )}
        </>
      ),
    },
    { title: '合并发货', key: 'parcel', width: 190, render: (_, r) => <ParcelTags r={r} /> },
    { title: '卖家', dataIndex: 'sellerName', width: 140 },
    { title: '收货人', width: 170, render: (_, r) => `${r.receiverName} ${r.receiverPhone}` },
    { title: '地区', dataIndex: 'area', width: 180 },
    { title: '快递', dataIndex: 'expressName', width: 100 },
    { title: '件数', dataIndex: 'itemCount', width: 70 },
  ];
  if (view !== 'SHIPPED') {
    cols.push({ title: '分拣位', dataIndex: 'slotNo', width: 80, render: (v: number | null) => (v === null ? '—' : <b>{v}</b>) });
    cols.push({ title: '最后到货', dataIndex: 'lastArrivedAt', width: 160, render: (v: string | null) => formatDateTime(v) });
  } else {
    cols.push({ title: '快递单号', dataIndex: 'trackingNo', width: 170 });
    cols.push({ title: '发货时间', dataIndex: 'deliveredAt', width: 160, render: (v: string | null) => formatDateTime(v) });
    cols.push({ title: '打印次数', dataIndex: 'printCount', width: 90 });
  }
  cols.push({ title: '操作', key: 'actions', fixed: 'right', width: 160, render: (_, r) => actions(r) });
  return cols;
}
