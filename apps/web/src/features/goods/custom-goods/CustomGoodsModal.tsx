/** Adds or edits a custom goods item (name, stall, 货号, color, size, cost price, picture, notes). */
import { type CustomGoodsRow, CustomGoodsSaveBody } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Space } from 'antd';
import { zodRule } from '../../../lib/zod-rule';
import { goodsApi, goodsKeys } from '../api';
import { fenOf, priceItemProps, yuanOf } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';

interface Values {
  name: string;
  supplierId?: number;
  artNo: string;
  color?: string;
  size?: string;
  cost?: string;
  picUrl?: string;
  remark?: string;
}

export function CustomGoodsModal({ editing, onClose }: { editing: CustomGoodsRow | 'new' | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const row = editing && editing !== 'new' ? editing : null;
  const save = useMutation({
    mutationFn: (v: Values) =>
      goodsApi.saveCustomGoods({
        ...(row ? { id: row.id } : {}),
        name: v.name.trim(),
        supplierId: v.supplierId ?? null,
        artNo: v.artNo.trim(),
        color: (v.color ?? '').trim(),
        size: (v.size ?? '').trim(),
        costFen: fenOf(v.cost),
        picUrl: (v.picUrl ?? '').trim(),
        remark: (v.remark ?? '').trim(),
      }),
    onSuccess: () => {
      message.success('已保存');
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
      onClose();
    },
  });
  const initial = row
    ? { ...row, supplierId: row.supplierId ?? undefined, cost: yuanOf(row.costFen) }
    : { name: '', artNo: '', color: '', size: '', cost: '', picUrl: '', remark: '' };
  return (
    <Modal
      title={row ? '编辑自定义商品' : '新增自定义商品'}
      open={editing !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.validateFields().then((v) => save.mutate(v))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item name="name" label="商品名称" rules={[zodRule(CustomGoodsSaveBody.shape.name)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="supplierId" label="档口">
          <SupplierSelect allowClear style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="artNo" label="货号" rules={[zodRule(CustomGoodsSaveBody.shape.artNo)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="color" label="颜色" style={{ flex: 1 }}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="size" label="尺码" style={{ flex: 1 }}>
            <Input maxLength={40} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="cost" label="成本价（元）" {...priceItemProps}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="picUrl" label="图片地址" rules={[zodRule(CustomGoodsSaveBody.shape.picUrl)]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
