/**
 * 修改地址: corrects the receiver of a shop order waiting for its dropship order, or, for a placed
 * order the platform would not decrypt (DECRYPT_FAILED), types the receiver of its dropship order
 * (which then ships by 快递100 to what the seller typed). Province, city and district are picked from
 * the area tree (GET /api/b2/area/getThirdLevelAll), so the server's area check passes; the street
 * address is typed.
 */
import type { AbnormalDetail } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Cascader, Form, Input, Modal } from 'antd';
import { abnormalApi, abnormalKeys } from './api';

interface Values {
  receiverName: string;
  receiverPhone: string;
  area: string[];
  address: string;
}

export function AddressModal({ detail, onClose }: { detail: AbnormalDetail | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const areas = useQuery({ queryKey: abnormalKeys.areas, queryFn: abnormalApi.areas, enabled: detail !== null, staleTime: Number.POSITIVE_INFINITY });
  const dropshipOrderId = detail?.order.dropshipOrderId;
  const save = useMutation({
    mutationFn: (v: Values) =>
      dropshipOrderId
        ? abnormalApi.typeReceiver(dropshipOrderId, {
            name: v.receiverName.trim(),
            phone: v.receiverPhone.trim(),
            province: v.area[0] ?? '',
            city: v.area[1] ?? '',
            district: v.area[2] ?? '',
            address: v.address.trim(),
          })
        : abnormalApi.updateAddress({
            shopOrderId: detail?.order.id ?? 0,
            receiverName: v.receiverName.trim(),
            receiverPhone: v.receiverPhone.trim(),
            province: v.area[0] ?? '',
            city: v.area[1] ?? '',
            district: v.area[2] ?? '',
            town: '',
            address: v.address.trim(),
          }),
    onSuccess: () => {
      message.success('收货地址已修改');
      void qc.invalidateQueries({ queryKey: abnormalKeys.all });
      onClose();
    },
  });
  const r = detail?.receiver;
  const known = r?.province && r.city && r.district ? [r.province, r.city, r.district] : [];
  // The platform's masks are no receiver: the seller types the real one (the region the platform showed stays).
  const typed = dropshipOrderId && r?.encrypted ? { receiverName: '', receiverPhone: '', address: '' } : r;
  return (
    <Modal
      title="修改收货地址"
      open={detail !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.validateFields().then((v) => save.mutate(v))}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ receiverName: typed?.receiverName, receiverPhone: typed?.receiverPhone, area: known, address: typed?.address }}
      >
        <Form.Item name="receiverName" label="收货人" rules={[{ required: true, whitespace: true, message: '请输入收货人' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="receiverPhone"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, message: '请填写11位手机号或带区号的固定电话' },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="area" label="省市区" rules={[{ required: true, type: 'array', len: 3, message: '请选择省份、城市和区县' }]}>
          <Cascader
            aria-label="省市区"
            loading={areas.isLoading}
            showSearch
            placeholder="选择省 / 市 / 区县"
            fieldNames={{ label: 'name', value: 'name', children: 'children' }}
            options={areas.data ?? []}
          />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={[{ required: true, whitespace: true, message: '请输入详细地址' }]}>
          <Input.TextArea maxLength={120} rows={2} placeholder="街道、门牌号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
