/** 弹窗管理 (/operator/popups): every popup with its page, audience, frequency and window; new / edit / delete. */
import { POPUP_FREQUENCY_LABELS, type PopupRow } from '@dropship/contract';
import { Tag } from 'antd';
import { formatDateTime } from '../../lib/date';
import { noticeAdminApi, noticeKeys } from '../notices/api';
import { audienceText, NoticeAdminTable } from './NoticeAdminTable';
import { PopupForm } from './PopupForm';

export default function PopupAdminPage() {
  return (
    <NoticeAdminTable<PopupRow>
      noun="弹窗"
      createLabel="新建弹窗"
      queryKey={noticeKeys.adminPopups}
      fetchPage={noticeAdminApi.popups}
      remove={noticeAdminApi.deletePopup}
      Form={PopupForm}
      wide
      columns={[
        { title: '标题', dataIndex: 'title' },
        { title: '页面', dataIndex: 'page' },
        { title: '可见对象', dataIndex: 'audience', render: (a: PopupRow['audience'], r) => audienceText(a, r.variant) },
        { title: '频率', dataIndex: 'frequency', render: (f: PopupRow['frequency']) => POPUP_FREQUENCY_LABELS[f] },
        { title: '展示时间', key: 'window', render: (_, r) => `${formatDateTime(r.startAt)} 至 ${formatDateTime(r.endAt)}` },
        { title: '状态', dataIndex: 'enabled', render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
      ]}
    />
  );
}
