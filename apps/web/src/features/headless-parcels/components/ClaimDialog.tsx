/** 认领 with proof: the seller's order number or after-sale number, the buyer's phone tail, what is inside. */
import { HeadlessClaimBody, type HeadlessPoolRow } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Typography } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { headlessApi, headlessKeys } from '../api';
import { GoodsText } from './GoodsText';

interface Values {
  orderNo?: string;
  afterSaleNo?: string;
  phoneTail?: string;
  goodsNote?: string;
}

export function ClaimDialog({ parcel, onClose }: { parcel: HeadlessPoolRow; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const claim = useMutation({
    mutationFn: (v: Values) =>
      headlessApi.claim({
        parcelId: parcel.id,
        orderNo: v.orderNo?.trim() ?? '',
        afterSaleNo: v.afterSaleNo?.trim() ?? '',
        phoneTail: v.phoneTail?.trim() ?? '',
        goodsNote: v.goodsNote?.trim() ?? '',
      }),
    onSuccess: () => {
      message.success('认领已提交，等待仓库确认');
      void qc.invalidateQueries({ queryKey: headlessKeys.all });
      onClose();
    },
  });
  const shape = HeadlessClaimBody.shape;
  return (
    <Modal
      open
      title={`认领无头件 ${parcel.barcodeNo}`}
      okText="提交认领"
      confirmLoading={claim.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        快递单号 {parcel.waybillMasked}，{parcel.courierName || '快递未知'}。
        <GoodsText goods={parcel.goods} />
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => claim.mutate(v)}>
        <Form.Item label="订单号（代发订单号或平台订单号）" name="orderNo" rules={[zodRule(shape.orderNo)]}>
          <Input aria-label="订单号" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="售后单号"
          name="afterSaleNo"
          dependencies={['orderNo']}
          rules={[
            zodRule(shape.afterSaleNo),
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v?.trim() || getFieldValue('orderNo')?.trim() ? Promise.resolve() : Promise.reject(new Error('订单号和售后单号至少填一项')),
            }),
          ]}
        >
          <Input aria-label="售后单号" maxLength={40} />
        </Form.Item>
        <Form.Item label="买家手机尾号" name="phoneTail" rules={[zodRule(shape.phoneTail)]}>
          <Input aria-label="买家手机尾号" maxLength={4} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="商品说明" name="goodsNote" rules={[zodRule(shape.goodsNote)]}>
          <Input.TextArea aria-label="商品说明" maxLength={200} rows={2} placeholder="包裹内商品的货号、颜色、尺码、数量等" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
