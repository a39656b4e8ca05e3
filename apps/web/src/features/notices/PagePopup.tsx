/**
 * The operator's popup for the page being shown (GET /api/popup/getPopup?page=): at most one, shown
 * once per its frequency. Showing it is recorded at once (addReadRecord), so a reload does not show
 * a "once" popup again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useDialogTurn } from '../../app/dialogs/dialog-queue';
import { noticeKeys, noticesApi } from './api';

export function PagePopup() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const popup = useQuery({ queryKey: noticeKeys.popup(pathname), queryFn: () => noticesApi.popup(pathname), staleTime: 0, gcTime: 0 });
  const [closed, setClosed] = useState<number | null>(null);
  const due = popup.data && popup.data.id !== closed ? popup.data : null;
  // Last in the shell's dialog queue: it waits for the shop-expiry dialog and the tours.
  const myTurn = useDialogTurn('pagePopup', popup.isLoading ? 'pending' : due ? 'wants' : 'idle');
  const shown = myTurn ? due : null;

  useEffect(() => {
    if (!shown) return;
    void noticesApi.popupShown(shown.id).catch(() => undefined);
  }, [shown]);

  function close() {
    if (shown) setClosed(shown.id);
    void queryClient.removeQueries({ queryKey: noticeKeys.popup(pathname) });
  }

  if (!shown) return null;
  const image = <img src={shown.imageUrl} alt={shown.title} style={{ display: 'block', width: '100%' }} />;
  return (
    <Modal open title={shown.title} footer={null} onCancel={close} width={520} destroyOnHidden data-testid="page-popup">
      {shown.linkUrl ? (
        <a href={shown.linkUrl} target={shown.linkUrl.startsWith('/') ? undefined : '_blank'} rel="noopener noreferrer" onClick={close}>
          {image}
        </a>
      ) : (
        image
      )}
    </Modal>
  );
}
