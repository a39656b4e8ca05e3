/** 打印合格证: how many copies (one certificate per unit of quantity). */
import { Form, InputNumber, Modal } from 'antd';
import { MAX_PRINT_QUANTITY } from './certificate-fields';

interface Props {
  open: boolean;
  printing: boolean;
  onCancel(): void;
  onPrint(quantity: number): void;
}

export function PrintQuantityModal({ open, printing, onCancel, onPrint }: Props) {
  const [form] = Form.useForm<{ quantity: number }>();
  return (
    <Modal title="打印合格证" open={open} okText="打印" confirmLoading={printing} onCancel={onCancel} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ quantity: 1 }} preserve={false} onFinish={(v) => onPrint(v.quantity)}>
        <Form.Item
          name="quantity"
          label="打印数量"
          extra="每份合格证打印一张"
          rules={[
            { required: true, message: '请输入打印数量' },
            { type: 'integer', min: 1, max: MAX_PRINT_QUANTITY, message: `打印数量须为1到${MAX_PRINT_QUANTITY}的整数` },
          ]}
        >
          <InputNumber aria-label="打印数量" min={1} max={MAX_PRINT_QUANTITY} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
