/** 新建线下退货单 as a dialog: how the parcel travels (courier + waybill, or brought by hand) and its lines. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { offlineApi, offlineKeys } from '../api';
import { EMPTY_LINE, LinesEditor, type LineValues, toLineInputs } from './LinesEditor';

interface Values {
  handDelivered: boolean;
  courierName?: string;
  waybillNo?: string;
  remark?: string;
  lines: LineValues[];
}

export function ReturnOrderForm({ open, onClose }: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const hand = Form.useWatch('handDelivered', form);
  const create = useMutation({
    mutationFn: (v: Values) =>
      offlineApi.createReturn({
        handDelivered: v.handDelivered,
        courierName: v.courierName ?? '',
        waybillNo: (v.waybillNo ?? '').trim(),
        remark: v.remark ?? '',
        lines: toLineInputs(v.lines),
      }),
    onSuccess: (r) => {
      message.success(`已创建线下退货单 ${r.returnNo}，请把包裹寄到（或送到）仓库`);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title="新建线下退货单"
      width={960}
      okText="提交"
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ handDelivered: false, lines: [{ ...EMPTY_LINE }] }} onFinish={(v) => create.mutate(v)}>
        <Form.Item name="handDelivered" valuePropName="checked">
          <Checkbox>自行送到仓库（不走快递）</Checkbox>
        </Form.Item>
        {!hand && (
          <>
            <Form.Item label="快递公司" name="courierName">
              <Input maxLength={30} style={{ width: 240 }} placeholder="如 中通快递" />
            </Form.Item>
            <Form.Item
              label="快递单号"
              name="waybillNo"
              rules={[
                { required: true, whitespace: true, message: '请填写快递单号，仓库签收时扫描它' },
                { pattern: /^\s*[A-Za-z0-9-]{6,40}\s*$/, message: '快递单号只能是6到40位字母、数字或横线' },
              ]}
            >
              <Input maxLength={40} style={{ width: 240 }} />
            </Form.Item>
          </>
        )}
        <Form.Item label="退货商品（按档口填写，仓库退回对应档口并退款到余额）" required>
          <LinesEditor />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
