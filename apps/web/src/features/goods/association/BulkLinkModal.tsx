/**
 * Links the selected SKUs to one article of one stall. Left empty, color and size come from each
 * SKU's own spec (one article in many colors and sizes). Existing different links are conflicts:
 * reported, not changed, unless "覆盖已有关联" is ticked.
 */
import type { LinkResult } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { goodsApi } from '../api';
import { fenOf, priceItemProps } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';

interface Values {
  supplierId?: number;
  artNo: string;
  color?: string;
  size?: string;
  cost?: string;
  overwrite: boolean;
}

interface Props {
  ids: number[] | null;
  onClose: () => void;
  onDone: (r: LinkResult) => void;
}

export function BulkLinkModal({ ids, onClose, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      goodsApi.bulkLink({
        shopSkuIds: ids ?? [],
        supplierId: v.supplierId ?? 0,
        artNo: v.artNo.trim(),
        color: (v.color ?? '').trim(),
        size: (v.size ?? '').trim(),
        costFen: fenOf(v.cost),
        overwrite: v.overwrite,
      }),
    onSuccess: (r) => {
      onClose();
      onDone(r);
    },
  });
  return (
    <Modal
      title={`批量关联（已选 ${ids?.length ?? 0} 个商品）`}
      open={ids !== null}
      onCancel={onClose}
      okText="关联"
      confirmLoading={save.isPending}
      onOk={() => form.validateFields().then((v) => save.mutate(v))}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">同一货号的不同颜色、尺码：颜色和尺码留空时，按各商品规格自动填写。</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ overwrite: false }}>
        <Form.Item name="supplierId" label="档口" rules={[{ required: true, message: '请选择档口' }]}>
          <SupplierSelect style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="artNo" label="货号" rules={[{ required: true, whitespace: true, message: '请输入货号' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="color" label="颜色" style={{ flex: 1 }}>
            <Input maxLength={40} placeholder="留空按规格" />
          </Form.Item>
          <Form.Item name="size" label="尺码" style={{ flex: 1 }}>
            <Input maxLength={40} placeholder="留空按规格" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="cost" label="成本价（元）" {...priceItemProps}>
          <Input inputMode="decimal" placeholder="不填则沿用已有价格" />
        </Form.Item>
        <Form.Item name="overwrite" valuePropName="checked">
          <Checkbox>覆盖已有的其他关联（不勾选时，已关联到其他货号的商品保持不变并列出）</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
