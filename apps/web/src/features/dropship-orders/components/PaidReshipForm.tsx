/**
 * The form of an order placed and paid in one step from a drawer (问题件重发, 换货补发): the receiver, a
 * courier with its quoted express and service fee, the pay password, and the button naming the sum.
 * The drawers differ in what they ship and what they call; what the seller fills in is the same.
 */
import { fenToYuan, ReceiverFields } from '@dropship/contract';
import { Button, Form, type FormInstance, Radio, Space, Typography } from 'antd';
import { PayPasswordInput, payPasswordRules } from '../../funds/reset-pay-pass/PayPasswordInput';
import { ReceiverFormItems } from './ReceiverModal';

export interface PaidReshipValues {
  name: string;
  phone: string;
  area: string[];
  address: string;
  expressCode: string;
  payPassword: string;
}

export interface CourierQuote {
  code: string;
  name: string;
  expressFeeFen: number;
  serviceFeeFen: number;
  totalFen: number;
}

/** The call's receiver from the form's fields. */
export const reshipReceiver = (v: PaidReshipValues) =>
  ReceiverFields.parse({ name: v.name, phone: v.phone, province: v.area[0], city: v.area[1], district: v.area[2] ?? '', address: v.address });

export function PaidReshipForm(props: {
  form: FormInstance<PaidReshipValues>;
  /** The couriers with their charges for the chosen province; undefined while no province is chosen. */
  quotes: CourierQuote[] | undefined;
  /** 确认重发, 确认补发… */
  action: string;
  pending: boolean;
  onFinish(v: PaidReshipValues): void;
}) {
  const expressCode = Form.useWatch('expressCode', props.form) as string | undefined;
  const chosen = props.quotes?.find((q) => q.code === expressCode);
  return (
    <Form form={props.form} layout="vertical" preserve={false} onFinish={props.onFinish}>
      <ReceiverFormItems />
      <Form.Item name="expressCode" label="快递（费用按快递规则计算）" rules={[{ required: true, message: '请选择快递' }]}>
        {props.quotes ? (
          <Radio.Group>
            <Space orientation="vertical">
              {props.quotes.map((q) => (
                <Radio key={q.code} value={q.code}>
                  {q.name} 快递费 ¥{fenToYuan(q.expressFeeFen)} + 服务费 ¥{fenToYuan(q.serviceFeeFen)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        ) : (
          <Typography.Text type="secondary">先选择省市区，再选择快递</Typography.Text>
        )}
      </Form.Item>
      <Form.Item name="payPassword" label="支付密码" rules={payPasswordRules()}>
        <PayPasswordInput aria-label="支付密码" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={props.pending}>
        {props.action}
        {chosen ? `并支付 ¥${fenToYuan(chosen.totalFen)}` : ''}
      </Button>
    </Form>
  );
}
