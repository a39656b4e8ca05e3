/** 协商退款: the seller offers the stall an amount (yuan on the page, fen to the server) after a refusal. */
import { yuanToFen } from '@dropship/contract';
import { Form, Input, Modal } from 'antd';

export interface NegotiateTarget {
  id: number;
  afterSaleNo: string;
}

interface Props {
  target: NegotiateTarget | null;
  saving: boolean;
  onClose(): void;
  onSave(v: { negotiateFen: number; note: string }): void;
}

export function NegotiateModal({ target, saving, onClose, onSave }: Props) {
  const [form] = Form.useForm<{ amount: string; note: string }>();
  return (
    <Modal
      title={`协商退款 ${target?.afterSaleNo ?? ''}`}
      open={target !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) => onSave({ negotiateFen: yuanToFen(v.amount) as number, note: (v.note ?? '').trim() })}
      >
        <Form.Item
          name="amount"
          label="协商退款金额（元）"
          extra="采购商拿去与档口协商，档口同意并退款后，扣除退货服务费退回余额"
          rules={[
            { required: true, message: '请输入协商退款金额' },
            { validator: async (_, v: string) => ((yuanToFen(v ?? '') ?? 0) >= 1 ? undefined : Promise.reject(new Error('请输入正确的金额，至少0.01元'))) },
          ]}
        >
          <Input inputMode="decimal" placeholder="如：25.00" />
        </Form.Item>
        <Form.Item name="note" label="说明">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
