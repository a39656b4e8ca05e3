/**
 * 无头件 (/offlineReturnOrder/headlessParcels), the warehouse's side: its headless parcels as cards
 * (usable on a phone at the shelf, 360–414 px): photograph them, correct the goods, and confirm or
 * refuse the sellers' claims. Filters and the open dialog live in the address.
 */
import { HEADLESS_PARCEL_STATUS_NAMES, type PurchaserHeadlessRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { oneOf, text, useListPage } from '../../../lib/list-page';
import { headlessApi, headlessKeys } from '../api';
import { ClaimsDrawer } from '../components/ClaimsDrawer';
import { GoodsEditDialog } from '../components/GoodsEditDialog';
import { GoodsText } from '../components/GoodsText';
import { PhotoStrip } from '../components/PhotoStrip';
import { PhotoUploadButton } from '../components/PhotoUploadButton';

const STATUSES = ['WAIT_CLAIM', 'CLAIMED', 'MATCHED', 'DISCARD'] as const;
const LIST = { filters: { status: oneOf(STATUSES), keyword: text(40) }, dialogs: ['claims', 'goods'] as const };

function ParcelCard({ p, onClaims, onGoods }: { p: PurchaserHeadlessRow; onClaims: () => void; onGoods: () => void }) {
  const waiting = p.status === 'WAIT_CLAIM';
  return (
    <Card
      size="small"
      style={{ width: '100%' }}
      data-testid={`headless-${p.barcodeNo}`}
      title={p.barcodeNo}
      extra={<Tag color={waiting ? 'orange' : p.status === 'DISCARD' ? 'default' : 'green'}>{HEADLESS_PARCEL_STATUS_NAMES[p.status] ?? p.status}</Tag>}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <PhotoStrip ids={p.photoIds} />
        <span>
          {p.courierName || '快递未知'} {p.trackingNo}
          {p.senderPhoneTail && `，寄件人尾号 ${p.senderPhoneTail}`}
        </span>
        <GoodsText goods={p.goods} />
        {p.note && <Typography.Text type="secondary">{p.note}</Typography.Text>}
        <span>
          签收 {formatDateTime(p.signedAt, 'YYYY-MM-DD HH:mm')}
          {waiting && `，认领截止 ${formatDateTime(p.deadlineAt, 'YYYY-MM-DD')}`}
        </span>
        {p.sellerName && (
          <span>
            归属 {p.sellerName}
            {p.afterSaleNo && `（售后单 ${p.afterSaleNo}）`}
          </span>
        )}
        <Space wrap>
          <PhotoUploadButton parcelId={p.id} disabled={p.photoIds.length >= 9} />
          {waiting && (
            <Button size="small" onClick={onGoods}>
              修改商品
            </Button>
          )}
          <Badge count={p.pendingClaims} size="small">
            <Button size="small" type={p.pendingClaims > 0 ? 'primary' : 'default'} onClick={onClaims}>
              认领处理
            </Button>
          </Badge>
        </Space>
      </Space>
    </Card>
  );
}

export default function PurchaserHeadlessPage() {
  const list = useListPage(LIST);
  const parcels = useQuery({
    queryKey: headlessKeys.warehouse(list.query),
    queryFn: () => headlessApi.warehouse(list.query),
    placeholderData: keepPreviousData,
  });
  const rows = parcels.data?.list ?? [];
  const claimsOf = list.dialogRow('claims', rows);
  const goodsOf = list.dialogRow('goods', rows);
  return (
    <div style={{ maxWidth: 960 }}>
      <Typography.Title level={4}>无头件</Typography.Title>
      <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
        <Segmented
          value={list.filters.status ?? ''}
          onChange={(v) => list.filter({ status: (v || undefined) as (typeof STATUSES)[number] | undefined })}
          options={[{ value: '', label: '全部' }, ...STATUSES.map((s) => ({ value: s, label: HEADLESS_PARCEL_STATUS_NAMES[s] }))]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Input.Search
          aria-label="条码号或快递单号"
          placeholder="扫描条码号或快递单号"
          allowClear
          defaultValue={list.filters.keyword}
          maxLength={40}
          onSearch={(v) => list.filter({ keyword: v.trim() || undefined })}
        />
      </Space>
      <List<PurchaserHeadlessRow>
        loading={parcels.isFetching}
        dataSource={rows}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: parcels.data?.total ?? 0,
          size: 'small',
          onChange: (pageNo, pageSize) => list.change({ pageNo, pageSize }),
        }}
        renderItem={(p) => (
          <List.Item>
            <ParcelCard p={p} onClaims={() => list.openDialog('claims', p.id)} onGoods={() => list.openDialog('goods', p.id)} />
          </List.Item>
        )}
      />
      {claimsOf && <ClaimsDrawer parcel={claimsOf} onClose={list.closeDialog} />}
      {goodsOf && <GoodsEditDialog parcel={goodsOf} onClose={list.closeDialog} />}
    </div>
  );
}
