/**
 * 收货信息: name, phone, province / city / district picked from the area tree with the shared
 * AreaCascader (so the server's area check passes) and the street address, or all of them at once
 * from a pasted text (智能识别). Used on the place page and the order detail.
 */
import { ReceiverFields } from '@dropship/contract';
import { Form, Input, Modal } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { AreaCascader } from '../../area/AreaCascader';
import { RecognizeReceiver } from '../../area/RecognizeReceiver';

interface Values {
  name: string;
  phone: string;
  area: string[];
  address: string;
}

interface Props {
  open: boolean;
  title?: string;
  initial: ReceiverFields | null;
  saving?: boolean;
  onSave(receiver: ReceiverFields): void;
  onClose(): void;
}

/** The receiver's fields (name, phone, area as [province, city, district], address) inside a caller's Form. */
export function ReceiverFormItems() {
  return (
    <>
      <Form.Item name="name" label="收货人" rules={[zodRule(ReceiverFields.shape.name)]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label="手机号" rules={[zodRule(ReceiverFields.shape.phone)]}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="area" label="省市区" rules={[{ required: true, type: 'array', len: 3, message: '请选择省份、城市和区县' }]}>
        <AreaCascader aria-label="省市区" placeholder="选择省 / 市 / 区县" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="address" label="详细地址" rules={[zodRule(ReceiverFields.shape.address)]}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
      </Form.Item>
    </>
  );
}

export function ReceiverModal({ open, title = '修改收货信息', initial, saving, onSave, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  // The picker opens at the current region, as far as it is known (a province alone, or with its city).
  const parts = [initial?.province ?? '', initial?.city ?? '', initial?.district ?? ''];
  const firstEmpty = parts.indexOf('');
  const known = firstEmpty === -1 ? parts : parts.slice(0, firstEmpty);
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
      onOk={() =>
        form.validateFields().then((v) =>
          onSave({
            name: v.name.trim(),
            phone: v.phone.trim(),
            province: v.area[0] ?? '',
            city: v.area[1] ?? '',
            district: v.area[2] ?? '',
            address: v.address.trim(),
          }),
        )
      }
    >
      <RecognizeReceiver
        onRecognized={(r) =>
          form.setFieldsValue({
            ...(r.name ? { name: r.name } : {}),
            ...(r.phone ? { phone: r.phone } : {}),
            ...(r.district ? { area: [r.province, r.city, r.district] } : {}),
            ...(r.address ? { address: r.address } : {}),
          })
        }
      />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: initial?.name, phone: initial?.phone, area: known, address: initial?.address }}
      >
        <ReceiverFormItems />
      </Form>
    </Modal>
  );
}
