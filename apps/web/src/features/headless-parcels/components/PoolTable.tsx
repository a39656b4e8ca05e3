/** 无头件池: the parcels the warehouses serving the seller could not match, with filters in the address and the claim dialog. */
import type { HeadlessPoolRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { day, type FilterField, ListFilterForm, text, useListPage } from '../../../lib/list-page';
import { headlessApi, headlessKeys } from '../api';
import { ClaimDialog } from './ClaimDialog';
import { ClaimStatusTag } from './ClaimStatusTag';
import { GoodsText } from './GoodsText';
import { PhotoStrip } from './PhotoStrip';

const LIST = {
  filters: { keyword: text(40), courierName: text(30), signedFrom: day(), signedTo: day() },
  dialogs: ['claim'] as const,
};
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'keyword', label: '快递单号/商品/货号', maxLength: 40 },
  { kind: 'text', name: 'courierName', label: '退回快递', maxLength: 30, width: 140 },
  { kind: 'dayRange', name: 'signed', label: '签收时间', from: 'signedFrom', to: 'signedTo' },
];

export function PoolTable() {
  const list = useListPage(LIST);
  const pool = useQuery({ queryKey: headlessKeys.pool(list.query), queryFn: () => headlessApi.pool(list.query), placeholderData: keepPreviousData });
  const claiming = list.dialogRow('claim', pool.data?.list);
  return (
    <>
      <ListFilterForm fields={FIELDS} values={list.active} onSearch={list.search} />
      <Table<HeadlessPoolRow>
        rowKey="id"
        size="small"
        scroll={{ x: 900 }}
        loading={pool.isFetching}
        dataSource={pool.data?.list ?? []}
        columns={[
          { title: '照片', dataIndex: 'photoIds', width: 120, render: (ids: number[]) => <PhotoStrip ids={ids} /> },
          { title: '条码号', dataIndex: 'barcodeNo' },
          { title: '退回快递', render: (_, r) => `${r.courierName || '-'} ${r.waybillMasked}` },
          { title: '包裹内商品', dataIndex: 'goods', render: (g) => <GoodsText goods={g} /> },
          { title: '备注', dataIndex: 'note' },
          { title: '仓库', dataIndex: 'warehouseName' },
          { title: '签收时间', dataIndex: 'signedAt', render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm') },
          { title: '认领截止', dataIndex: 'deadlineAt', render: (v: string) => formatDateTime(v, 'YYYY-MM-DD') },
          {
            title: '操作',
            fixed: 'right',
            render: (_, r) =>
              r.myClaim && r.myClaim.status !== 'REFUSED' ? (
                <ClaimStatusTag status={r.myClaim.status} />
              ) : (
                <>
                  {r.myClaim && <Tag>上次认领未通过</Tag>}
                  <Button type="link" onClick={() => list.openDialog('claim', r.id)}>
                    认领
                  </Button>
                </>
              ),
          },
        ]}
        pagination={list.pagination(pool.data?.total ?? 0)}
      />
      {claiming && <ClaimDialog parcel={claiming} onClose={list.closeDialog} />}
    </>
  );
}
