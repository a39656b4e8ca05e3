/** 验货 of a signed-in after-sale return: result, quantity received, photo links and a note. */
import { AfterSaleInspectBody, INSPECTION_RESULT_NAMES, InspectionResult, type SignedAfterSale } from '@dropship/contract';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { PhotoLinksField } from '../../after-sales/components/PhotoLinksField';

interface Values {
  result: InspectionResult;
  receivedQuantity: number;
  photos: string[];
  note: string;
}

interface Props {
  target: SignedAfterSale | null;
  loading: boolean;
  onClose(): void;
  onOk(v: Values): void;
}

export function InspectDialog({ target, loading, onClose, onOk }: Props) {
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      title={`验货 ${target?.afterSaleNo ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交验货"
      confirmLoading={loading}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ result: 'QUALIFIED', receivedQuantity: target?.quantity ?? 1, photos: [], note: '' }}
        onFinish={(v) => onOk({ ...v, note: (v.note ?? '').trim() })}
      >
        <Form.Item name="result" label="验货结果" extra="合格的进入退货入库分配退回档口；次品、错发、少件转为问题件由卖家处理">
          <Select options={InspectionResult.options.map((r) => ({ value: r, label: INSPECTION_RESULT_NAMES[r] }))} />
        </Form.Item>
        <Form.Item
          name="receivedQuantity"
          label={`实收数量（售后 ${target?.quantity ?? 0} 件）`}
          rules={[zodRule(AfterSaleInspectBody.shape.receivedQuantity)]}
        >
          <InputNumber min={0} max={target?.quantity ?? 999} precision={0} />
        </Form.Item>
        <Form.Item name="photos" label="验货图片">
          <PhotoLinksField />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
