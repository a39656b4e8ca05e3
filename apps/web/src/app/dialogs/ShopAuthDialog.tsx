/**
 * The shop-authorization expiry dialog (SPEC.md section 4): shops expiring within 5 days or
 * expired, at most once a day unless the address carries shopAuthPopup=1.
 */
import { type ShopAuthPopupRow, STORAGE_KEYS } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/date';
import { shellApi } from '../api';
import { useShell } from '../shell-context';
import { useDialogTurn } from './dialog-queue';

const ShopAuthTable = lazy(() => import('./ShopAuthTable'));

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
      {/* The table's code loads when the dialog first opens (antd renders a modal's body on first open). */}
      <Suspense fallback={null}>
        <ShopAuthTable
          list={list}
          onAuthorize={() => {
            setOpen(false);
            navigate('/basicSet/shopAuthorization');
          }}
          onNotRemind={notRemind}
        />
      </Suspense>
    </Modal>
  );
}
