/**
 * 申请售后 on a dropship order: which lines and how many, 仅退款 / 退货退款 / 换货 (the last two once
 * the order has shipped), the reason, a note, photo links and the buyer's return parcel. One request
 * key per opening, so a double click applies once. Success links to the new after-sale.
 */
import { AFTER_SALE_KIND_NAMES, AFTER_SALE_REASONS, AfterSaleApplyBody, type AfterSaleKind, type DropshipOrderRow } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { requestKey } from '../../../lib/request-key';
import { zodRule } from '../../../lib/zod-rule';
import { dropshipKeys } from '../../dropship-orders/api';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { afterSaleDetailPath, afterSaleListPath } from '../after-sale-list';
import { afterSaleApi, afterSaleKeys } from '../api';
import { ApplyLines, closedReason, type LinePick } from './ApplyLines';
import { PhotoLinksField } from './PhotoLinksField';

export type ApplyTarget = Pick<DropshipOrderRow, 'id' | 'orderNo' | 'status' | 'items'>;

interface Values {
  kind: AfterSaleKind;
  reasonPick: string;
  reasonText?: string;
  remark?: string;
  photos?: string[];
  returnCourierName?: string;
  returnWaybillNo?: string;
}

const SHIPPED = new Set(['DELIVERED', 'FINISHED']);
const S = AfterSaleApplyBody.shape;

export function ApplyAfterSaleModal({ order, onClose }: { order: ApplyTarget | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const kind = (Form.useWatch('kind', form) ?? 'REFUND_ONLY') as AfterSaleKind;
  const reasonPick = Form.useWatch('reasonPick', form);
  const [lines, setLines] = useState<LinePick>({});
  const key = useRef(requestKey());
  const shipped = !!order && SHIPPED.has(order.status);

  useEffect(() => {
    if (!order) return;
    key.current = requestKey();
    setLines(Object.fromEntries(order.items.filter((i) => !closedReason(i)).map((i) => [i.id, i.quantity])));
  }, [order]);

  const apply = useMutation({
    mutationFn: (v: Values) =>
      afterSaleApi.apply({
        orderId: order?.id ?? 0,
        kind: v.kind,
        lines: Object.entries(lines).map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity })),
        reason: v.reasonPick === '其他' ? (v.reasonText ?? '').trim() : v.reasonPick,
        remark: (v.remark ?? '').trim(),
        photos: v.photos ?? [],
        returnCourierName: v.kind === 'REFUND_ONLY' ? '' : (v.returnCourierName ?? '').trim(),
        returnWaybillNo: v.kind === 'REFUND_ONLY' ? '' : (v.returnWaybillNo ?? '').trim(),
        requestKey: key.current,
      }),
    onSuccess: (r) => {
      const [first] = r.ids;
      const to = r.ids.length === 1 && first ? afterSaleDetailPath(first) : `${afterSaleListPath}?orderNo=${encodeURIComponent(order?.orderNo ?? '')}`;
      message.success(
        <span>
          售后已提交：{r.afterSaleNos.join('、')}{' '}
          <a
            href={to}
            onClick={(e) => {
              e.preventDefault();
              navigate(to);
            }}
          >
            查看售后
          </a>
        </span>,
        6,
      );
      void qc.invalidateQueries({ queryKey: afterSaleKeys.all });
      void qc.invalidateQueries({ queryKey: dropshipKeys.all });
      for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
      onClose();
    },
  });
  const picked = Object.keys(lines).length;

  return (
    <Modal
      title={`申请售后 ${order?.orderNo ?? ''}`}
      open={order !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交售后"
      okButtonProps={{ disabled: picked === 0 }}
      confirmLoading={apply.isPending}
      destroyOnHidden
      width={720}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ kind: 'REFUND_ONLY', photos: [] }} onFinish={(v) => apply.mutate(v)}>
        <Form.Item label={`售后商品（已选 ${picked} 行）`} required>
          <ApplyLines items={order?.items ?? []} value={lines} onChange={setLines} wholeLines={!shipped && kind === 'REFUND_ONLY'} />
        </Form.Item>
        <Form.Item
          name="kind"
          label="售后类型"
          extra={shipped ? undefined : '订单尚未发货：只能仅退款（整行停止拿货，货款退回余额）；发货后才能退货退款或换货'}
        >
          <Radio.Group
            options={(Object.keys(AFTER_SALE_KIND_NAMES) as AfterSaleKind[]).map((k) => ({
              value: k,
              label: AFTER_SALE_KIND_NAMES[k],
              disabled: k !== 'REFUND_ONLY' && !shipped,
            }))}
          />
        </Form.Item>
        {shipped && kind === 'REFUND_ONLY' && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title="已发货的仅退款：商品在买家手中，档口不退货款，请在平台上与买家协商" />
        )}
        <Form.Item name="reasonPick" label="售后原因" rules={[{ required: true, message: '请选择售后原因' }]}>
          <Select aria-label="售后原因" placeholder="请选择" options={AFTER_SALE_REASONS.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        {reasonPick === '其他' && (
          <Form.Item name="reasonText" label="其他原因" rules={[zodRule(S.reason)]}>
            <Input maxLength={100} placeholder="请填写原因" />
          </Form.Item>
        )}
        <Form.Item name="remark" label="补充说明" rules={[zodRule(S.remark)]}>
          <Input.TextArea maxLength={500} rows={2} showCount />
        </Form.Item>
        {/* PhotoLinksField checks each link with the contract's rule as it is added. */}
        <Form.Item name="photos" label="图片">
          <PhotoLinksField upload={afterSaleApi.uploadPhoto} />
        </Form.Item>
        {kind !== 'REFUND_ONLY' && (
          <>
            <Typography.Text type="secondary">买家寄回的包裹（可稍后在售后详情里填写）</Typography.Text>
            <Form.Item name="returnCourierName" label="退货快递公司" rules={[zodRule(S.returnCourierName)]}>
              <Input maxLength={30} placeholder="如：中通快递" />
            </Form.Item>
            <Form.Item name="returnWaybillNo" label="退货快递单号" rules={[zodRule(S.returnWaybillNo)]}>
              <Input maxLength={40} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
