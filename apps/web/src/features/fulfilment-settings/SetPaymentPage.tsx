/** 货到付款服务设置 (/basicSet/setPayment): pay for goods after delivery within the platform's credit limit. */
import { fenToYuan } from '@dropship/contract';
import { Alert, Checkbox, Form, Switch } from 'antd';
import { SettingForm } from './SettingForm';

export default function SetPaymentPage() {
  return (
    <SettingForm settingKey="setPayment" title="货到付款服务设置" tabs>
      {(prices) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={`开通后，货款可在商品发出后再结算；可用额度 ¥${fenToYuan(prices.payLaterCreditFen)}，超出额度的订单仍需先付款。`}
          />
          <Form.Item name="enabled" label="开通货到付款" valuePropName="checked">
            <Switch aria-label="开通货到付款" />
          </Form.Item>
          <Form.Item name="agreedTerms" valuePropName="checked">
            <Checkbox>我已阅读并同意《货到付款服务协议》：发货后7天内结清货款，逾期未结清将暂停该服务。</Checkbox>
          </Form.Item>
        </>
      )}
    </SettingForm>
  );
}
