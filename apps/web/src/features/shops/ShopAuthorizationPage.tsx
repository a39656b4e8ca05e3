/**
 * 店铺授权 (/basicSet/shopAuthorization): the seller's shops with their authorization (state, last
 * authorized, expiry, days left) and order sync (progress while it runs, last result or error).
 * Filters live in the URL (lib/list-page: ?channel=&keyword=, one unpaged list); the OAuth round
 * trip comes back here with ?authorized=<id> or ?authError=<message>. The list is polled while any
 * shop is syncing. The add / re-authorize dialog stays out of the address: it holds the polled row.
 */
import { PlusOutlined } from '@ant-design/icons';
import { CHANNEL_NAMES, Channel, SHOP_AUTH_STATE_NAMES, type ShopRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { type BarField, ExportButton, ListFilterBar, oneOf, text, useListPage, useUrlParams } from '../../lib/list-page';
import { withColumnMinWidth } from '../../lib/table-defaults';
import { AddShopModal } from './AddShopModal';
import { shopKeys, shopsApi } from './api';
import { ChannelTag } from './ChannelTag';
import { DecryptLogDrawer } from './DecryptLogDrawer';
import { SyncCell } from './SyncCell';
import { ShopActions } from './shop-actions';

const STATE_COLORS = { AUTHORIZED: 'green', EXPIRED: 'red', PAUSED: 'default' } as const;
const LIST = { filters: { channel: oneOf(Channel.options), keyword: text(50) } };
const BAR: BarField[] = [
  { kind: 'select', name: 'channel', label: '平台', all: '全部平台', options: Channel.options.map((c) => ({ value: c, label: CHANNEL_NAMES[c] })), width: 150 },
  { kind: 'search', name: 'keyword', label: '店铺名称', placeholder: '店铺名称', width: 240, maxLength: 50, enterButton: false },
];
/** What the platform's consent page sends the seller back with. */
const RETURN = { authorized: text(20), authError: text(500) };
/** The 解密记录 drawer is URL state (?decrypts=1), so it survives a reload and can be linked to. */
const DRAWER = { decrypts: text(1) };

export default function ShopAuthorizationPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const filters = useListPage(LIST);
  const query = filters.active;
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
  const [{ decrypts }, setDrawer] = useUrlParams(DRAWER);
  const decryptsOpen = decrypts === '1';
  const setDecrypts = (open: boolean) => setDrawer({ decrypts: open ? '1' : undefined });

  // Back from the platform's consent page: say how it went once, then take the flags out of the address.
  const [{ authorized, authError }, setReturn] = useUrlParams(RETURN);
  // biome-ignore lint/correctness/useExhaustiveDependencies: setReturn is made anew each render; the flags say when to run
  useEffect(() => {
    if (!authorized && !authError) return;
    if (authorized) message.success('店铺授权成功，正在同步订单');
    if (authError) modal.error({ title: '店铺授权未完成', content: authError });
    setReturn({ authorized: undefined, authError: undefined });
    void qc.invalidateQueries({ queryKey: shopKeys.all });
  }, [authorized, authError, message, modal, qc]);

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

  const columns = withColumnMinWidth<TableColumnsType<ShopRow>[number]>([
    { title: '平台', dataIndex: 'channel', width: 130, render: (c: Channel) => <ChannelTag channel={c} /> },
    { title: '店铺名称', dataIndex: 'name' },
    { title: '状态', dataIndex: 'authState', render: (s: ShopRow['authState']) => <Tag color={STATE_COLORS[s]}>{SHOP_AUTH_STATE_NAMES[s]}</Tag> },
    // Beside the state, not behind the fixed 操作 column: the sync's result is what a seller looks for.
    { title: '订单同步', key: 'sync', width: 260, render: (_: unknown, r) => <SyncCell shop={r} /> },
    { title: '最近授权时间', dataIndex: 'lastAuthTime', width: 170, render: (v: string | null) => formatDateTime(v) || '-' },
    { title: '到期时间', dataIndex: 'expireTime', width: 170, render: (v: string | null) => formatDateTime(v) || '-' },
    {
      title: '剩余天数',
      dataIndex: 'leftDays',
      render: (d: number | null, r) => (d === null ? '-' : <Typography.Text type={r.ifExpire || d <= 5 ? 'danger' : undefined}>{`${d} 天`}</Typography.Text>),
    },
    { title: '操作', key: 'op', width: 230, fixed: 'right', render: (_: unknown, r) => <ShopActions shop={r} on={on} busy={act.isPending} /> },
  ]);

  return (
    <div>
      <Typography.Title level={4}>店铺授权</Typography.Title>
      <ListFilterBar fields={BAR} values={filters.filters} onChange={filters.filter}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加店铺
        </Button>
        <ExportButton run={() => shopsApi.exportList(query)} />
        <Button onClick={() => setDecrypts(true)}>解密记录</Button>
      </ListFilterBar>
      <Table<ShopRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: '还没有店铺，点击“添加店铺”授权' }}
      />
      <DecryptLogDrawer open={decryptsOpen} onClose={() => setDecrypts(false)} shops={list.data ?? []} />
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
