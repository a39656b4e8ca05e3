/** 订单履约策略 (/basicSet/orderFulfillmentStrategy): merging, waiting, unpaid timeout, out-of-stock policy. */
import { Form, InputNumber, Radio, Switch } from 'antd';
import { SettingForm } from './SettingForm';

export default function OrderFulfillmentStrategyPage() {
  return (
    <SettingForm settingKey="orderFulfillmentStrategy" title="订单履约策略">
      {() => (
        <>
          <Form.Item name="mergeSameReceiver" label="同一收货人当天支付的订单合并为一个包裹发货" valuePropName="checked">
            <Switch aria-label="合并同一收货人的订单" />
          </Form.Item>
          <Form.Item name="waitMode" label="多件订单">
            <Radio.Group>
              <Radio value="WAIT_ALL">全部拿齐再发货</Radio>
              <Radio value="SHIP_TAKEN">有货先发：已到仓的先发，改到明日拿的商品退款</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="unpaidCancelHours"
            label="未付款订单自动取消（小时）"
            extra="下单后超过这个时间仍未付款的订单由系统每10分钟检查一次并自动取消；正在支付宝收银台付款的订单（30分钟内发起）会等支付结果。"
            rules={[{ required: true, message: '请输入未付款自动取消时间' }]}
          >
            <InputNumber aria-label="未付款自动取消时间" min={1} max={168} precision={0} />
          </Form.Item>
          <Form.Item name="outOfStockPolicy" label="档口缺货时">
            <Radio.Group>
              <Radio value="REFUND">立即退回该商品货款</Radio>
              <Radio value="WAIT_NEXT_DAY">次日再拿，超过等待天数后退款</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="nextDayMaxDays"
            label="缺货最多等待（天）"
            extra="选择“次日再拿”时，拿货员报缺货的商品改为明日拿；等待天数用完仍缺货才退回货款。"
            rules={[{ required: true, message: '请输入缺货最多等待天数' }]}
          >
            <InputNumber aria-label="缺货最多等待天数" min={1} max={7} precision={0} />
          </Form.Item>
        </>
      )}
    </SettingForm>
  );
}
