/** 我的认领: the seller's claims with their status and the warehouse's reason (a second list on the page: keys prefixed c). */
import { HEADLESS_CLAIM_STATUS_NAMES, type HeadlessClaimRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { type FilterField, ListFilterForm, oneOf, useListPage } from '../../../lib/list-page';
import { headlessApi, headlessKeys } from '../api';
import { ClaimStatusTag } from './ClaimStatusTag';

const LIST = { prefix: 'c', filters: { status: oneOf(['PENDING', 'CONFIRMED', 'REFUSED'] as const) } };
const FIELDS: FilterField[] = [
  {
    kind: 'select',
    name: 'status',
    label: '认领状态',
    width: 160,
    options: (['PENDING', 'CONFIRMED', 'REFUSED'] as const).map((s) => ({ value: s, label: HEADLESS_CLAIM_STATUS_NAMES[s] })),
  },
];

export function MyClaimsTable() {
  const list = useListPage(LIST);
  const claims = useQuery({ queryKey: headlessKeys.claims(list.query), queryFn: () => headlessApi.claims(list.query), placeholderData: keepPreviousData });
  return (
    <>
      <ListFilterForm fields={FIELDS} values={list.active} onSearch={list.search} />
      <Table<HeadlessClaimRow>
        rowKey="id"
        size="small"
        loading={claims.isFetching}
        dataSource={claims.data?.list ?? []}
        columns={[
          { title: '条码号', dataIndex: 'barcodeNo' },
          { title: '凭证', render: (_, c) => [c.orderNo && `订单 ${c.orderNo}`, c.afterSaleNo && `售后单 ${c.afterSaleNo}`].filter(Boolean).join('，') },
          { title: '手机尾号', dataIndex: 'phoneTail' },
          { title: '商品说明', dataIndex: 'goodsNote' },
          { title: '状态', dataIndex: 'status', render: (s) => <ClaimStatusTag status={s} /> },
          { title: '原因', dataIndex: 'reason' },
          { title: '提交时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, 'YYYY-MM-DD HH:mm') },
        ]}
        pagination={list.pagination(claims.data?.total ?? 0)}
      />
    </>
  );
}
