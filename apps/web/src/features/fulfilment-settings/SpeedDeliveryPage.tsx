/** 加急发货 (/basicSet/speedSelivery): paid priority per order at the platform's price. */
import { fenToYuan } from '@dropship/contract';
import { Alert, Form, Switch } from 'antd';
import { SettingForm } from './SettingForm';

export default function SpeedDeliveryPage() {
  return (
    <SettingForm settingKey="speedDelivery" title="加急发货" tabs>
      {(prices) => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`加急订单优先安排拿货和打包，当天拿到当天发出；每单加收 ¥${fenToYuan(prices.speedDeliveryFeeFen)}（平台定价），随订单一起支付。`}
          />
          <Form.Item name="enabled" label="开通加急发货" valuePropName="checked">
            <Switch aria-label="开通加急发货" />
          </Form.Item>
          <Form.Item name="defaultOn" label="下单时默认勾选加急" valuePropName="checked">
            <Switch aria-label="下单默认加急" />
          </Form.Item>
        </>
      )}
    </SettingForm>
  );
}
