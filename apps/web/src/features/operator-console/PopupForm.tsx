/** The popup dialog: page, audience, image, link, frequency and time window. Opened as ?dialog=edit[&id=]. */
import { type NoticeAudience, POPUP_FREQUENCY_LABELS, PopupFrequency, type PopupRow, type PopupSaveBody } from '@dropship/contract';
import { useMutation } from '@tanstack/react-query';
import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { noticeAdminApi } from '../notices/api';
import { audienceOptions, variantOptions } from './AnnouncementForm';

interface Values {
  title: string;
  page: string;
  audience: NoticeAudience;
  variant?: PopupSaveBody['variant'];
  imageUrl: string;
  linkUrl?: string;
  frequency: PopupFrequency;
  window: [Dayjs, Dayjs];
  enabled: boolean;
}

const frequencyOptions = PopupFrequency.options.map((v) => ({ value: v, label: POPUP_FREQUENCY_LABELS[v] }));
const URL_RULE = { pattern: /^(https?:\/\/|\/(?!\/))/i, message: '必须以 http://、https:// 或 / 开头' };

export function PopupForm({ editing, onClose, onSaved }: { editing: PopupRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form);
  const save = useMutation({ mutationFn: noticeAdminApi.savePopup, onSuccess: onSaved });
  const initial: Partial<Values> = editing
    ? { ...editing, variant: editing.variant ?? undefined, window: [dayjs(editing.startAt), dayjs(editing.endAt)] }
    : { page: '/home', audience: 'SELLER', frequency: 'ONCE', enabled: true, window: [dayjs(), dayjs().add(7, 'day')] };

  async function submit() {
    const v = await form.validateFields();
    await save.mutateAsync({
      ...(editing ? { id: editing.id } : {}),
      title: v.title,
      page: v.page,
      audience: v.audience,
      variant: v.audience === 'VARIANT' ? v.variant : null,
      imageUrl: v.imageUrl,
      linkUrl: v.linkUrl ?? '',
      frequency: v.frequency,
      startAt: v.window[0].toISOString(),
      endAt: v.window[1].toISOString(),
      enabled: v.enabled,
    });
  }

  return (
    <Modal
      open
      title={editing ? '编辑弹窗' : '新建弹窗'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="page"
          label="页面"
          rules={[
            { required: true, message: '请输入页面' },
            { pattern: /^\/[A-Za-z0-9/_-]*$/, message: '页面必须是站内路径，如 /home' },
          ]}
          extra="弹窗出现的页面路径，如 /home、/order/orderList"
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="audience" label="可见对象">
          <Select options={audienceOptions} />
        </Form.Item>
        {audience === 'VARIANT' && (
          <Form.Item name="variant" label="站点" rules={[{ required: true, message: '请选择站点' }]}>
            <Select options={variantOptions} />
          </Form.Item>
        )}
        <Form.Item name="imageUrl" label="图片地址" rules={[{ required: true, message: '请输入图片地址' }, URL_RULE]}>
          <Input maxLength={500} placeholder="https://" />
        </Form.Item>
        <Form.Item name="linkUrl" label="跳转链接" rules={[URL_RULE]}>
          <Input maxLength={500} placeholder="可不填；站内页面如 /funds/coupon" />
        </Form.Item>
        <Form.Item name="frequency" label="弹出频率">
          <Select options={frequencyOptions} />
        </Form.Item>
        <Form.Item name="window" label="展示时间" rules={[{ required: true, message: '请选择展示时间' }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
