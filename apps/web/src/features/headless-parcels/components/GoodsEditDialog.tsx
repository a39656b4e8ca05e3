/** The warehouse corrects a waiting parcel's goods lines and note (what the pool and the matching read). */
import type { PurchaserHeadlessRow } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { type GoodInput, headlessApi, headlessKeys } from '../api';
import { GoodsLinesField } from './GoodsLinesField';

export function GoodsEditDialog({ parcel, onClose }: { parcel: PurchaserHeadlessRow; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ goods: GoodInput[]; note: string }>();
  const save = useMutation({
    mutationFn: (v: { goods: GoodInput[]; note: string }) =>
      headlessApi.update({ id: parcel.id, goods: (v.goods ?? []).map((g) => ({ ...g, quantity: g.quantity ?? 1 })), note: v.note?.trim() ?? '' }),
    onSuccess: () => {
      message.success('已保存');
      void qc.invalidateQueries({ queryKey: headlessKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`修改 ${parcel.barcodeNo} 的商品`}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={760}
    >
      <Form form={form} layout="vertical" initialValues={{ goods: parcel.goods, note: parcel.note }} onFinish={(v) => save.mutate(v)}>
        <Form.Item label="包裹内商品">
          <GoodsLinesField />
        </Form.Item>
        <Form.Item label="备注" name="note">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
