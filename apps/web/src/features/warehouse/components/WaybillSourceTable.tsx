/**
 * 面单来源 in 仓库设置 (decision 0025): per seller shop this warehouse serves, where its orders' waybills
 * come from. 平台电子面单 is taken with the platform's encrypted receiver (no decryption) and printed by the
 * platform's print component; 快递100 decrypts the receiver through the platform first (audited, counted
 * against the shop's daily quota). Saved at once on change.
 */
import { CHANNEL_NAMES, type Channel, PLATFORM_WAYBILL_NAMES, type WaybillSourceKind, type WaybillSourceRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Table, Typography } from 'antd';
import { warehouseApi, warehouseKeys } from '../api';

const PLATFORM_LABEL = '平台电子面单（菜鸟/拼多多/抖音/快手/小红书/京东）';

export function WaybillSourceTable({ open }: { open: boolean }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: warehouseKeys.waybillSources(), queryFn: warehouseApi.waybillSources, enabled: open });
  const save = useMutation({
    mutationFn: warehouseApi.saveWaybillSource,
    onSuccess: (data) => {
      qc.setQueryData(warehouseKeys.waybillSources(), data);
      message.success('面单来源已保存');
    },
  });
  return (
    <>
      <Typography.Title level={5}>面单来源</Typography.Title>
      <Typography.Paragraph type="secondary">
        平台订单的收货人是加密的：平台电子面单直接用密文取号，由平台打印组件打印；选快递100时发货前要向平台解密收货人（每次解密都会记录，并占用店铺的每日解密额度）。
      </Typography.Paragraph>
      <Table<WaybillSourceRow>
        size="small"
        rowKey="shopId"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '还没有卖家在本仓库下过代发单' }}
        columns={[
          { title: '卖家', dataIndex: 'sellerName', width: 120 },
          { title: '店铺', dataIndex: 'shopName', render: (n: string, r) => `${n}（${CHANNEL_NAMES[r.channel as Channel] ?? r.channel}）` },
          {
            title: '面单来源',
            width: 260,
            render: (_: unknown, r) => (
              <Select<WaybillSourceKind>
                aria-label={`${r.shopName} 面单来源`}
                size="small"
                style={{ width: '100%' }}
                value={r.source}
                disabled={save.isPending}
                onChange={(source) => save.mutate({ shopId: r.shopId, source })}
                options={[
                  { value: 'KUAIDI100', label: '快递100' },
                  ...(r.platformAvailable
                    ? [{ value: 'PLATFORM', label: `平台电子面单（${PLATFORM_WAYBILL_NAMES[r.channel] ?? '平台'}）`, title: PLATFORM_LABEL }]
                    : []),
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
