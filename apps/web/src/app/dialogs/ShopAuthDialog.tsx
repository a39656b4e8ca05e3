/**
 * The shop-authorization expiry dialog (SPEC.md section 4): shops expiring within 5 days or
 * expired, at most once a day unless the address carries shopAuthPopup=1.
 */
import { CHANNEL_NAMES, type Channel, SHOP_AUTH_TABLE_MAX_HEIGHT, type ShopAuthPopupRow, STORAGE_KEYS } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/date';
import { shellApi } from '../api';
import { useShell } from '../shell-context';
import { useDialogTurn } from './dialog-queue';

export const SHOP_AUTH_QUERY_FLAG = 'shopAuthPopup';

/** Today's date at +8: the dialog shows at most once per such day. */
const todayKey = () => formatDate(Date.now());

/** First in the shell's dialog queue: while its call is in flight, the tours and popups wait. */
export function ShopAuthDialog() {
  const shell = useShell();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const forced = params.get(SHOP_AUTH_QUERY_FLAG) === '1';
  const isSeller = shell?.access?.audience === 'seller';
  const dueToday = localStorage.getItem(STORAGE_KEYS.shopAuthPopupDate) !== todayKey();
  const [open, setOpen] = useState(false);
  const rows = useQuery({ queryKey: ['shell', 'shopAuthPopup'], queryFn: shellApi.shopAuthPopup, enabled: isSeller });

  useEffect(() => {
    if (!rows.data?.length || !(forced || dueToday)) return;
    localStorage.setItem(STORAGE_KEYS.shopAuthPopupDate, todayKey());
    setOpen(true);
  }, [rows.data, forced, dueToday]);

  const applies = (rows.data?.length ?? 0) > 0 && (open || forced || dueToday);
  const myTurn = useDialogTurn('shopAuth', !isSeller ? 'idle' : rows.isLoading ? 'pending' : applies ? 'wants' : 'idle');

  async function notRemind(row: ShopAuthPopupRow) {
    try {
      await shellApi.markNotShopPopup(row.id);
      message.success('已设置为不再提醒');
      await queryClient.invalidateQueries({ queryKey: ['shell', 'shopAuthPopup'] });
    } catch {
      message.error('操作失败');
    }
  }

  const list = rows.data ?? [];
  return (
    <Modal
      title="店铺授权到期提醒"
      open={open && list.length > 0 && myTurn}
      onCancel={() => setOpen(false)}
      footer={<Button onClick={() => setOpen(false)}>关闭</Button>}
      width={860}
    >
      <p>以下店铺授权即将到期或已过期，过期后将无法同步订单、回传物流，请及时重新授权。</p>
      <Table<ShopAuthPopupRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list}
        scroll={{ y: SHOP_AUTH_TABLE_MAX_HEIGHT }}
        columns={[
          { title: '店铺名称', dataIndex: 'name' },
          { title: '平台', dataIndex: 'type', render: (t: Channel) => CHANNEL_NAMES[t] ?? t },
          { title: '上次授权时间', dataIndex: 'lastAuthTime', render: (v: string | null) => (v ? formatDateTime(v) : '-') },
          { title: '到期时间', dataIndex: 'expireTime', render: (v: string | null) => (v ? formatDate(v) : '-') },
          { title: '剩余天数', dataIndex: 'leftDays', render: (d: number) => `${d} 天` },
          { title: '状态', dataIndex: 'ifExpire', render: (e: boolean) => (e ? <Tag color="red">已过期</Tag> : <Tag color="orange">即将到期</Tag>) },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, row) => (
              <>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setOpen(false);
                    navigate('/basicSet/shopAuthorization');
                  }}
                >
                  去授权
                </Button>
                <Button type="link" size="small" onClick={() => notRemind(row)}>
                  不再提醒
                </Button>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
