/**
 * The shop-expiry dialog's table, loaded when the dialog first opens: most visits never show the
 * dialog, so antd's Table stays out of the shell's first load (decision 0040).
 */
import { CHANNEL_NAMES, type Channel, SHOP_AUTH_TABLE_MAX_HEIGHT, type ShopAuthPopupRow } from '@dropship/contract';
import { Button, Table, Tag } from 'antd';
import { formatDate, formatDateTime } from '../../lib/date';

interface Props {
  list: ShopAuthPopupRow[];
  onAuthorize: () => void;
  onNotRemind: (row: ShopAuthPopupRow) => void;
}

export default function ShopAuthTable({ list, onAuthorize, onNotRemind }: Props) {
  return (
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
              <Button type="link" size="small" onClick={onAuthorize}>
                去授权
              </Button>
              <Button type="link" size="small" onClick={() => onNotRemind(row)}>
                不再提醒
              </Button>
            </>
          ),
        },
      ]}
    />
  );
}
