/**
 * The dialog of one stall of the shared directory: the stall fields sellers copy into their supplier
 * lists, and its status (a disabled stall is no longer offered to sellers). Opened as ?dialog=edit[&id=].
 */
import { ENABLE_STATUS_NAMES, type EnableStatus, type StallDirectoryAdminRow, StallFields } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Radio } from 'antd';
import { optionsOf } from '../../lib/list-page';
import { zodRule } from '../../lib/zod-rule';
import { consoleApi } from './api';

type Field = 'market' | 'building' | 'floor' | 'stallNo' | 'contact' | 'phone' | 'address' | 'marketArea';
const FIELDS: [Field, string, number, string?][] = [
  ['market', '市场', 40, '如 广州十三行、杭州四季青'],
  ['building', '楼栋/区', 40, '如 新中国大厦'],
  ['floor', '楼层', 20, '如 3楼'],
  ['stallNo', '档口号', 40, '如 3312'],
  ['contact', '联系人', 30],
  ['phone', '联系电话', 20],
  ['address', '厂家地址', 200, '退货标签上打印的厂家地址'],
  ['marketArea', '拿货区域', 40, '拿货任务按区域分配，如 十三行、沙河'],
];

type Values = Record<Field | 'name', string> & { status: EnableStatus };

export function StallDirectoryForm({ editing, onClose, onSaved }: { editing: StallDirectoryAdminRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useMutation({ mutationFn: consoleApi.saveStall, onSuccess: onSaved });

  async function submit() {
    const v = await form.validateFields();
    const trimmed = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])) as Values;
    await save.mutateAsync({ ...trimmed, ...(editing ? { id: editing.id } : {}) });
  }

  return (
    <Modal
      open
      title={editing ? '编辑档口' : '新增档口'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? { status: 'ENABLED' }}>
        <Form.Item name="name" label="档口名称" rules={[zodRule(StallFields.shape.name)]}>
          <Input maxLength={60} />
        </Form.Item>
        {FIELDS.map(([name, label, max, placeholder]) => (
          <Form.Item key={name} name={name} label={label} rules={name === 'phone' ? [zodRule(StallFields.shape.phone)] : undefined}>
            <Input maxLength={max} placeholder={placeholder} />
          </Form.Item>
        ))}
        <Form.Item name="status" label="状态" extra="停用后卖家在档口库中搜不到它，已添加的供应商不受影响">
          <Radio.Group options={optionsOf(ENABLE_STATUS_NAMES)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
