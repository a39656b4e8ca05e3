/** The seller's return or send address (GET/POST /api/system/goods/<return|send>/address). */
import type { GoodsAddress } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import { type AddressKey, settingKeys, settingsApi } from './api';

export function AddressForm({ kind, title }: { kind: AddressKey; title: string }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const address = useQuery({ queryKey: settingKeys.address(kind), queryFn: () => settingsApi.address(kind) });
  const save = useMutation({
    mutationFn: (a: GoodsAddress) => settingsApi.saveAddress(kind, a),
    onSuccess: (a) => {
      qc.setQueryData(settingKeys.address(kind), a);
      message.success(`${title}已保存`);
    },
  });
  if (address.isLoading) return <Card title={title} loading />;
  return (
    <Card title={title} size="small" style={{ marginTop: 16 }}>
      <Form<GoodsAddress> layout="inline" initialValues={address.data ?? {}} onFinish={(v) => save.mutate(v)} style={{ rowGap: 8 }}>
        <Form.Item name="name" label="联系人" rules={[{ required: true, message: '请输入联系人' }]}>
          <Input style={{ width: 110 }} maxLength={30} />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={[{ required: true, message: '请输入手机号' }]}>
          <Input style={{ width: 140 }} maxLength={20} />
        </Form.Item>
        <Form.Item name="province" label="省" rules={[{ required: true, message: '请输入省份' }]}>
          <Input style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="city" label="市" rules={[{ required: true, message: '请输入城市' }]}>
          <Input style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="district" label="区县">
          <Input style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={[{ required: true, message: '请输入详细地址' }]}>
          <Input style={{ width: 240 }} maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存{title}
        </Button>
      </Form>
    </Card>
  );
}
