/**
 * Links one shop SKU to a supplier item by hand. It sends the link the user saw (expectedLinkId):
 * if someone changed it meanwhile the server answers a conflict and nothing is overwritten.
 * Also used from the abnormal-order page.
 */
import { parseSpec, type ShopSkuRow } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { goodsApi, goodsKeys } from '../api';
import { fenOf, priceItemProps, yuanOf } from '../components/price';
import { SupplierSelect } from '../components/SupplierSelect';

export type LinkTarget = Pick<ShopSkuRow, 'id' | 'title' | 'spec' | 'link'>;

interface Values {
  supplierId?: number;
  artNo: string;
  color: string;
  size: string;
  cost: string;
}

export function LinkModal({ target, onClose, onDone }: { target: LinkTarget | null; onClose: () => void; onDone?: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();

  const initial = useMemo<Values | undefined>(() => {
    if (!target) return undefined;
    const l = target.link;
    const spec = parseSpec(target.spec);
    return l
      ? { supplierId: l.supplierId, artNo: l.artNo, color: l.color, size: l.size, cost: yuanOf(l.costFen) }
      : { supplierId: undefined, artNo: '', color: spec.color, size: spec.size, cost: '' };
  }, [target]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      goodsApi.linkOne({
        shopSkuId: target?.id ?? 0,
        expectedLinkId: target?.link?.linkId ?? null,
        supplierId: v.supplierId ?? 0,
        artNo: v.artNo.trim(),
        color: (v.color ?? '').trim(),
        size: (v.size ?? '').trim(),
        costFen: fenOf(v.cost),
      }),
    onSuccess: (r) => {
      message.success(r.linked > 0 ? '关联已保存' : '关联没有变化');
      onClose();
      onDone?.();
    },
    // A conflict means the list is stale: show the fresh state (the error itself is shown centrally).
    onSettled: () => qc.invalidateQueries({ queryKey: goodsKeys.all }),
  });

  return (
    <Modal
      title={target?.link ? '修改关联' : '关联商品'}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.validateFields().then((v) => save.mutate(v))}
      destroyOnHidden
    >
      {target && (
        <Space orientation="vertical" size={2} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{target.title}</Typography.Text>
          <Typography.Text type="secondary">{target.spec || '无规格'}</Typography.Text>
          {target.link && <Typography.Text type="secondary">当前关联版本 v{target.link.version}，保存后生成新版本，已下的代发单不受影响</Typography.Text>}
        </Space>
      )}
      <Form form={form} layout="vertical" preserve={false} initialValues={initial} key={target?.id ?? 0}>
        <Form.Item name="supplierId" label="档口" rules={[{ required: true, message: '请选择档口' }]}>
          <SupplierSelect style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="artNo" label="货号" rules={[{ required: true, whitespace: true, message: '请输入货号' }]}>
          <Input maxLength={60} placeholder="档口的货号，如 8801" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="color" label="颜色" style={{ flex: 1 }}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="size" label="尺码" style={{ flex: 1 }}>
            <Input maxLength={40} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="cost" label="成本价（元）" extra="档口拿货价；不填则沿用该供应商商品已有的价格" {...priceItemProps}>
          <Input inputMode="decimal" placeholder="如 45.50" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
