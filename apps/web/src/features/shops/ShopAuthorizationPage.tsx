/**
 * 店铺授权 (/basicSet/shopAuthorization): the seller's shops with their authorization (state, last
 * authorized, expiry, days left) and order sync (progress while it runs, last result or error).
 * Filters live in the URL (?channel=&keyword=); the OAuth round trip comes back here with
 * ?authorized=<id> or ?authError=<message>. The list is polled while any shop is syncing.
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, Channel, SHOP_AUTH_STATE_NAMES, type ShopRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { writeUrlValues } from '../../lib/url-state';
import { AddShopModal } from './AddShopModal';
import { shopKeys, shopsApi } from './api';
import { ChannelTag } from './ChannelTag';
import { SyncCell } from './SyncCell';
import { ShopActions } from './shop-actions';

const STATE_COLORS = { AUTHORIZED: 'green', EXPIRED: 'red', PAUSED: 'default' } as const;

export default function ShopAuthorizationPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const channelParam = params.get('channel');
  const channel = Channel.safeParse(channelParam).success ? (channelParam as Channel) : undefined;
  const keyword = params.get('keyword') ?? '';
  const query = { ...(channel ? { channel } : {}), ...(keyword ? { keyword } : {}) };
  const list = useQuery({
    queryKey: shopKeys.list(query),
    queryFn: () => shopsApi.list(query),
    // Poll while a sync runs (every second: the progress bar moves) or waits (a retry may be minutes away).
    refetchInterval: (q) => {
      const states = new Set(q.state.data?.map((s) => s.sync.state));
      return states.has('RUNNING') ? 1_000 : states.has('QUEUED') ? 3_000 : false;
    },
  });
  const [adding, setAdding] = useState(false);
  const [erpShop, setErpShop] = useState<ShopRow | null>(null);

  const setQuery = (patch: Record<string, string | undefined>) => setParams(writeUrlValues(params, patch));

  // Back from the platform's consent page.
  const authorized = params.get('authorized');
  const authError = params.get('authError');
  useEffect(() => {
    if (!authorized && !authError) return;
    if (authorized) message.success('店铺授权成功，正在同步订单');
    if (authError) modal.error({ title: '店铺授权未完成', content: authError });
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('authorized');
      next.delete('authError');
      return next;
    });
    void qc.invalidateQueries({ queryKey: shopKeys.all });
  }, [authorized, authError, message, modal, qc, setParams]);

  const refresh = () => qc.invalidateQueries({ queryKey: shopKeys.all });
  const act = useMutation({
    mutationFn: async ({ op, shop }: { op: 'sync' | 'reauthorize' | 'pause' | 'resume' | 'remove'; shop: ShopRow }) => {
      if (op === 'reauthorize') {
        if (shop.authKind === 'appKey') return setErpShop(shop);
        window.location.assign((await shopsApi.reauthorize(shop.id)).authorizeUrl);
        return;
      }
      await shopsApi[op](shop.id);
      message.success({ sync: '已开始同步', pause: '已暂停', resume: '已恢复', remove: '已删除' }[op]);
      await refresh();
    },
  });
  const on = {
    sync: (shop: ShopRow) => act.mutate({ op: 'sync', shop }),
    reauthorize: (shop: ShopRow) => act.mutate({ op: 'reauthorize', shop }),
    pause: (shop: ShopRow) => act.mutate({ op: 'pause', shop }),
    resume: (shop: ShopRow) => act.mutate({ op: 'resume', shop }),
    remove: (shop: ShopRow) => act.mutateAsync({ op: 'remove', shop }),
  };
  const exporting = useMutation({ mutationFn: () => shopsApi.exportList(query) });

  const columns = withColumnMinWidth<TableColumnsType<ShopRow>[number]>([
    { title: '平台', dataIndex: 'channel', width: 130, render: (c: Channel) => <ChannelTag channel={c} /> },
    { title: '店铺名称', dataIndex: 'name' },
    { title: '状态', dataIndex: 'authState', render: (s: ShopRow['authState']) => <Tag color={STATE_COLORS[s]}>{SHOP_AUTH_STATE_NAMES[s]}</Tag> },
    { title: '最近授权时间', dataIndex: 'lastAuthTime', width: 170, render: (v: string | null) => formatDateTime(v) || '-' },
    { title: '到期时间', dataIndex: 'expireTime', width: 170, render: (v: string | null) => formatDateTime(v) || '-' },
    {
      title: '剩余天数',
      dataIndex: 'leftDays',
      render: (d: number | null, r) => (d === null ? '-' : <Typography.Text type={r.ifExpire || d <= 5 ? 'danger' : undefined}>{`${d} 天`}</Typography.Text>),
    },
    { title: '订单同步', key: 'sync', width: 240, render: (_: unknown, r) => <SyncCell shop={r} /> },
    { title: '操作', key: 'op', width: 230, fixed: 'right', render: (_: unknown, r) => <ShopActions shop={r} on={on} busy={act.isPending} /> },
  ]);

  return (
    <div>
      <Typography.Title level={4}>店铺授权</Typography.Title>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加店铺
        </Button>
        <Select
          aria-label="平台"
          style={{ width: 150 }}
          value={channel ?? ''}
          onChange={(v) => setQuery({ channel: v || undefined })}
          options={[{ value: '', label: '全部平台' }, ...Channel.options.map((c) => ({ value: c, label: CHANNEL_NAMES[c] }))]}
        />
        <Input.Search
          aria-label="店铺名称"
          placeholder="店铺名称"
          allowClear
          defaultValue={keyword}
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(v) => setQuery({ keyword: v.trim() || undefined })}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          导出Excel
        </Button>
      </Space>
      <Table<ShopRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: '还没有店铺，点击“添加店铺”授权' }}
      />
      <AddShopModal
        open={adding || erpShop !== null}
        erpShop={erpShop}
        onClose={() => {
          setAdding(false);
          setErpShop(null);
        }}
        onSaved={() => {
          setAdding(false);
          setErpShop(null);
          void refresh();
        }}
      />
    </div>
  );
}
