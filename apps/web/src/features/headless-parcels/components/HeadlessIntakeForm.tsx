/**
 * 退货登记 of a parcel that matched nothing: what the desk sees on and in it (return courier, the
 * sender's phone if shown, the goods, a note). Submitting registers it as a headless parcel (无头件).
 */
import type { HeadlessIntake } from '@dropship/contract';
import { Button, Form, Input } from 'antd';
import type { GoodInput } from '../api';
import { GoodsLinesField } from './GoodsLinesField';

export interface IntakeValues {
  headless: HeadlessIntake;
  note: string;
}
interface FormValues {
  courierName?: string;
  senderPhone?: string;
  goods?: GoodInput[];
  note?: string;
}

const clean = (goods: GoodInput[] = []) =>
  goods
    .map((g) => Object.fromEntries(Object.entries(g).filter(([, v]) => v !== undefined && v !== '')) as GoodInput)
    .filter((g) => Object.keys(g).some((k) => k !== 'quantity'));

export function HeadlessIntakeForm({ loading, onSubmit }: { loading: boolean; onSubmit: (v: IntakeValues) => void }) {
  const [form] = Form.useForm<FormValues>();
  const submit = (v: FormValues) =>
    onSubmit({
      headless: {
        courierName: v.courierName?.trim() ?? '',
        senderPhone: v.senderPhone?.trim() ?? '',
        goods: clean(v.goods).map((g) => ({ ...g, quantity: g.quantity ?? 1 })),
      },
      note: v.note?.trim() ?? '',
    });
  return (
    <Form form={form} layout="vertical" size="small" onFinish={submit} initialValues={{ goods: [{ quantity: 1 }] }} style={{ maxWidth: 720 }}>
      <Form.Item label="退回快递" name="courierName">
        <Input aria-label="退回快递" placeholder="如 圆通速递" maxLength={30} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="寄件人电话（包裹上有则填，只保留后4位用于匹配）" name="senderPhone">
        <Input aria-label="寄件人电话" placeholder="寄件人手机号" maxLength={20} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="包裹内商品">
        <GoodsLinesField />
      </Form.Item>
      <Form.Item label="备注" name="note">
        <Input aria-label="无主件备注" placeholder="备注：寄件人、包裹内容等（商品和备注至少填一项）" maxLength={200} />
      </Form.Item>
      <Button htmlType="submit" loading={loading}>
        登记为无头件
      </Button>
    </Form>
  );
}
