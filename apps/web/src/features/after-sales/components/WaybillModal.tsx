/** 填写退货物流: the buyer's return parcel (courier and waybill), while the return is not signed in yet. */
import { AfterSaleWaybillBody } from '@dropship/contract';
import { Form, Input, Modal } from 'antd';
import { zodRule } from '../../../lib/zod-rule';

export interface WaybillTarget {
  id: number;
  afterSaleNo: string;
  returnCourierName: string;
  returnWaybillNo: string;
}

interface Props {
  target: WaybillTarget | null;
  saving: boolean;
  onClose(): void;
  onSave(v: { returnCourierName: string; returnWaybillNo: string }): void;
}

export function WaybillModal({ target, saving, onClose, onSave }: Props) {
  const [form] = Form.useForm<{ returnCourierName: string; returnWaybillNo: string }>();
  return (
    <Modal
      title={`填写退货物流 ${target?.afterSaleNo ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ returnCourierName: target?.returnCourierName ?? '', returnWaybillNo: target?.returnWaybillNo ?? '' }}
        onFinish={(v) => onSave({ returnCourierName: v.returnCourierName.trim(), returnWaybillNo: v.returnWaybillNo.trim() })}
      >
        <Form.Item name="returnCourierName" label="退货快递公司" rules={[zodRule(AfterSaleWaybillBody.shape.returnCourierName)]}>
          <Input maxLength={30} placeholder="如：中通快递" />
        </Form.Item>
        <Form.Item name="returnWaybillNo" label="退货快递单号" rules={[zodRule(AfterSaleWaybillBody.shape.returnWaybillNo)]}>
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
