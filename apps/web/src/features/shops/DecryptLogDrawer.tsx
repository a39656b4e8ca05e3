/**
 * 解密记录 (decision 0025): every time a warehouse decrypted (or tried to) the receiver of one of this
 * seller's marketplace orders through the platform, to ship it by 快递100: when, which order of which
 * shop, who, why and what the platform answered. Opened from 店铺授权 (URL `?decrypts=1`), since the
 * decrypt runs under the shop's authorization and counts against its daily quota.
 */
import { DECRYPT_OUTCOME_NAMES, DECRYPT_SCENE_NAMES, type ReceiverDecryptRow, type ShopRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Drawer, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { ExportButton } from '../../lib/list-page';
import { type DecryptQuery, shopKeys, shopsApi } from './api';

export function DecryptLogDrawer({ open, onClose, shops }: { open: boolean; onClose: () => void; shops: ShopRow[] }) {
  const [q, setQ] = useState<DecryptQuery>({ pageNo: 1, pageSize: 20 });
  const set = (patch: Partial<DecryptQuery>) => setQ((old) => ({ ...old, ...patch, pageNo: patch.pageNo ?? 1 }));
  const page = useQuery({ queryKey: shopKeys.decrypts(q), queryFn: () => shopsApi.decrypts(q), enabled: open, placeholderData: keepPreviousData });
  const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
  const { pageNo: _p, pageSize: _s, ...filters } = q;
  return (
    <Drawer title="解密记录" size="large" open={open} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        平台订单的收货人是加密的。仓库用快递100发货时，会通过店铺授权向平台解密收货人，每次解密都记在这里（解密内容不保存）；用平台电子面单发货不需要解密。
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker aria-label="解密日期" onChange={(r) => set({ dateFrom: day(r?.[0]), dateTo: day(r?.[1]) })} />
        <Select
          aria-label="店铺"
          allowClear
          placeholder="全部店铺"
          style={{ width: 180 }}
          options={shops.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(shopId?: number) => set({ shopId })}
        />
        <Input.Search
          aria-label="代发订单号"
          placeholder="代发订单号"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => set({ orderNo: v.trim() || undefined })}
        />
        <ExportButton run={() => shopsApi.exportDecrypts(filters)} />
      </Space>
      <Table<ReceiverDecryptRow>
        size="small"
        rowKey="id"
        loading={page.isLoading}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: '还没有解密记录' }}
        pagination={{ current: q.pageNo, pageSize: q.pageSize, total: page.data?.total ?? 0, onChange: (pageNo, pageSize) => set({ pageNo, pageSize }) }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '解密时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
          { title: '店铺', dataIndex: 'shopName' },
          { title: '代发订单号', dataIndex: 'orderNo' },
          { title: '仓库 / 操作人', render: (_: unknown, r) => `${r.purchaserName} / ${r.userName}` },
          { title: '用途', dataIndex: 'scene', render: (s: string) => DECRYPT_SCENE_NAMES[s] ?? s },
          {
            title: '结果',
            dataIndex: 'outcome',
            render: (o: string, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={o === 'OK' ? 'green' : 'red'}>{DECRYPT_OUTCOME_NAMES[o] ?? o}</Tag>
                {r.message && <Typography.Text type="secondary">{r.message}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
