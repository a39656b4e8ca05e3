/**
 * 添加店铺: choose the platform, then either go to its authorization page (marketplaces), type the
 * ERP's AppKey and AppSecret (快麦, 旺店通), or just name the shop (其他: orders come by import).
 * Opened with an ERP shop it re-authorizes that shop with new keys.
 */
import { CHANNEL_NAMES, type Channel, type ShopChannelInfo, type ShopRow } from '@dropship/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { shopKeys, shopsApi } from './api';

interface Props {
  open: boolean;
  /** An ERP shop to re-authorize with new keys. */
  erpShop?: ShopRow | null;
  onClose(): void;
  onSaved(): void;
}

interface Fields {
  shopName?: string;
  appKey?: string;
  appSecret?: string;
}

export function AddShopModal({ open, erpShop, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const channels = useQuery({ queryKey: shopKeys.channels(), queryFn: shopsApi.channels, enabled: open });
  const [channel, setChannel] = useState<Channel>('TAOBAO');
  const info: ShopChannelInfo | undefined = channels.data?.find((c) => c.channel === channel);
  const kind = info?.authKind ?? 'oauth';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (erpShop) {
      setChannel(erpShop.channel);
      form.setFieldsValue({ shopName: erpShop.name });
    }
  }, [open, erpShop, form]);

  const submit = useMutation({
    mutationFn: async (v: Fields) => {
      const shopName = v.shopName?.trim() ?? '';
      if (kind === 'oauth') {
        const { authorizeUrl } = await shopsApi.authorize(channel, shopName || undefined);
        // The platform's consent page; it sends the browser back to /basicSet/shopAuthorization?authorized=<id>.
        window.location.assign(authorizeUrl);
        return 'redirect' as const;
      }
      if (kind === 'appKey') {
        await shopsApi.saveErp({
          ...(erpShop ? { id: erpShop.id } : {}),
          channel: channel as 'KM' | 'WDT',
          shopName,
          appKey: v.appKey ?? '',
          appSecret: v.appSecret ?? '',
        });
      } else {
        await shopsApi.addOther(shopName);
      }
      return 'saved' as const;
    },
    onSuccess: (r) => {
      if (r === 'redirect') return;
      message.success(kind === 'appKey' ? 'ERP 授权成功，正在同步订单' : '店铺已添加，可在“订单导入”中导入订单');
      onSaved();
    },
  });

  return (
    <Modal
      title={erpShop ? `重新授权：${erpShop.name}` : '添加店铺'}
      open={open}
      onCancel={onClose}
      okText={kind === 'oauth' ? '去授权' : '保存'}
      confirmLoading={submit.isPending}
      onOk={() => form.validateFields().then((v) => submit.mutate(v))}
      width={640}
      destroyOnHidden
    >
      {!erpShop && (
        <Radio.Group
          aria-label="选择平台"
          value={channel}
          onChange={(e) => setChannel(e.target.value as Channel)}
          optionType="button"
          style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', gap: 8 }}
          options={(channels.data ?? []).map((c) => ({ value: c.channel, label: c.name, disabled: !c.configured }))}
        />
      )}
      {info && !info.configured && <Alert type="warning" showIcon title={`${CHANNEL_NAMES[channel]}的接口尚未配置，请联系管理员`} />}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="shopName"
          label="店铺名称"
          rules={[
            { required: kind !== 'oauth', whitespace: true, message: '请输入店铺名称' },
            { max: 50, message: '店铺名称不能超过50个字符' },
          ]}
          extra={kind === 'oauth' ? '选填：授权后以平台上的店铺名称为准' : undefined}
        >
          <Input placeholder="店铺名称" maxLength={50} />
        </Form.Item>
        {kind === 'appKey' && (
          <>
            <Form.Item name="appKey" label="AppKey" rules={[{ required: true, whitespace: true, message: '请输入AppKey' }]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
            <Form.Item name="appSecret" label="AppSecret" rules={[{ required: true, whitespace: true, message: '请输入AppSecret' }]}>
              <Input.Password maxLength={128} autoComplete="new-password" />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              在 ERP 的开放平台（应用管理）中查看 AppKey 和 AppSecret，密钥加密保存。{channel === 'KM' ? '快麦ERP请在 AppSecret 后加英文冒号和 Session。' : ''}
            </Typography.Paragraph>
            {info?.demoKeys && (
              <Alert
                type="info"
                showIcon
                title="演示环境"
                description={`模拟${CHANNEL_NAMES[channel]}的 AppKey：${info.demoKeys.appKey}，AppSecret：${info.demoKeys.appSecret}`}
                action={
                  <Button size="small" onClick={() => form.setFieldsValue({ appKey: info.demoKeys?.appKey, appSecret: info.demoKeys?.appSecret })}>
                    填入
                  </Button>
                }
              />
            )}
          </>
        )}
        {kind === 'oauth' && (
          <Space>
            <Typography.Text type="secondary">点击“去授权”将打开{CHANNEL_NAMES[channel]}的授权页，在平台上点击“授权”后自动返回本页。</Typography.Text>
          </Space>
        )}
        {kind === 'none' && <Typography.Text type="secondary">其他店铺没有平台接口，订单通过“订单导入”添加。</Typography.Text>}
      </Form>
    </Modal>
  );
}
