/**
 * 货到付款服务设置 (/basicSet/setPayment): pay for orders after delivery within the platform's credit
 * limit (docs/decisions/0018-pay-later.md). Shows the limit, what is used and what is left.
 */
import { fenToYuan } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Descriptions, Form, Switch } from 'antd';
import { settingKeys, settingsApi } from './api';
import { SettingForm } from './SettingForm';
import { useSetting } from './use-setting';

function CreditSummary({ limitFen }: { limitFen: number }) {
  // Keyed by the saved switch too, so turning the service on or off asks again.
  const saved = useSetting('setPayment').query.data?.value;
  const on = !!saved?.enabled && !!saved.agreedTerms;
  const credit = useQuery({ queryKey: [...settingKeys.payLaterCredit(), on], queryFn: settingsApi.payLaterCredit });
  const c = credit.data;
  return (
    <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="额度">¥{fenToYuan(c?.enabled ? c.limitFen : limitFen)}</Descriptions.Item>
      <Descriptions.Item label="已用">¥{fenToYuan(c?.usedFen ?? 0)}</Descriptions.Item>
      <Descriptions.Item label="剩余">¥{fenToYuan(c?.leftFen ?? 0)}</Descriptions.Item>
    </Descriptions>
  );
}

export default function SetPaymentPage() {
  return (
    <SettingForm settingKey="setPayment" title="货到付款服务设置" tabs>
      {(prices) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`开通后，支付订单时可选“货到付款”：订单发货时自动从余额扣除应付金额（已退的不扣）；余额不足时生成一笔货到付款补款单，请在“充值记录 → 补款”中支付。未扣款的订单和未付的补款占用额度（¥${fenToYuan(prices.payLaterCreditFen)}），超出额度的订单需先付款。`}
          />
          <CreditSummary limitFen={prices.payLaterCreditFen} />
          <Form.Item name="enabled" label="开通货到付款" valuePropName="checked">
            <Switch aria-label="开通货到付款" />
          </Form.Item>
          <Form.Item name="agreedTerms" valuePropName="checked">
            <Checkbox>我已阅读并同意《货到付款服务协议》：订单发货时从余额扣款，余额不足时生成的补款单需及时支付。</Checkbox>
          </Form.Item>
        </>
      )}
    </SettingForm>
  );
}
