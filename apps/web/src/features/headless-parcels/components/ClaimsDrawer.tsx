/**
 * A headless parcel's claims for the warehouse: each seller's proof (and whether its phone tail is
 * the sender's), 确认 (the parcel goes to that seller; the others are refused) or 拒绝 with a reason;
 * and the parcel's timeline.
 */
import type { HeadlessClaimRow, PurchaserHeadlessRow } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Empty, Input, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date';
import { headlessApi, headlessKeys } from '../api';
import { ClaimStatusTag } from './ClaimStatusTag';

const OPERATIONS: Record<string, string> = {
  REGISTER: '退货登记',
  AUTO_MATCH: '自动匹配',
  CONFIRM_CLAIM: '确认认领',
  REFUSE_CLAIM: '拒绝认领',
  EXPIRE: '超期处理',
};

function ClaimCard({ c, onDone }: { c: HeadlessClaimRow; onDone: () => void }) {
  const { message } = App.useApp();
  const [reason, setReason] = useState('');
  const confirm = useMutation({
    mutationFn: () => headlessApi.confirmClaim(c.id),
    onSuccess: (r) => {
      message.success(r.parcelStatus === 'MATCHED' ? '已确认认领并关联售后单' : '已确认认领');
      onDone();
    },
  });
  const refuse = useMutation({
    mutationFn: () => headlessApi.refuseClaim(c.id, reason.trim()),
    onSuccess: () => {
      message.success('已拒绝认领');
      onDone();
    },
  });
  const open = c.status === 'PENDING' || c.status === 'PROPOSED';
  return (
    <Card size="small" title={c.sellerName} extra={<ClaimStatusTag status={c.status} />} data-testid={`claim-${c.id}`}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <span>凭证：{[c.orderNo && `订单 ${c.orderNo}`, c.afterSaleNo && `售后单 ${c.afterSaleNo}`].filter(Boolean).join('，') || '-'}</span>
        <span>
          买家手机尾号：{c.phoneTail || '-'} {c.phoneTailMatches === true && <Tag color="green">与寄件人一致</Tag>}
          {c.phoneTailMatches === false && <Tag color="orange">与寄件人不一致</Tag>}
        </span>
        <span>商品说明：{c.goodsNote || '-'}</span>
        {c.reason && <Typography.Text type="secondary">原因：{c.reason}</Typography.Text>}
        {open && (
          <Space wrap>
            <Button type="primary" size="small" loading={confirm.isPending} disabled={c.status !== 'PENDING'} onClick={() => confirm.mutate()}>
              确认认领
            </Button>
            <Input
              size="small"
              aria-label="拒绝原因"
              placeholder="拒绝原因"
              maxLength={100}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              style={{ width: 160 }}
            />
            <Button size="small" danger disabled={!reason.trim()} loading={refuse.isPending} onClick={() => refuse.mutate()}>
              拒绝
            </Button>
          </Space>
        )}
      </Space>
    </Card>
  );
}

export function ClaimsDrawer({ parcel, onClose }: { parcel: PurchaserHeadlessRow; onClose: () => void }) {
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: headlessKeys.detail(parcel.id), queryFn: () => headlessApi.detail(parcel.id) });
  const refresh = () => void qc.invalidateQueries({ queryKey: headlessKeys.all });
  const claims = detail.data?.claims ?? [];
  return (
    <Drawer open title={`无头件 ${parcel.barcodeNo} 的认领`} onClose={onClose} width="min(560px, 100vw)" loading={detail.isLoading}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {claims.length === 0 ? <Empty description="暂无卖家认领" /> : claims.map((c) => <ClaimCard key={c.id} c={c} onDone={refresh} />)}
        <Typography.Title level={5}>操作记录</Typography.Title>
        <Timeline
          items={(detail.data?.events ?? []).map((e) => ({
            children: `${formatDateTime(e.createdAt, 'YYYY-MM-DD HH:mm')} ${OPERATIONS[e.operation] ?? e.operation}${e.note ? `：${e.note}` : ''}`,
          }))}
        />
      </Space>
    </Drawer>
  );
}
