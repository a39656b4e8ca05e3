/**
 * 联系客服's popover body, loaded when the popover first opens: antd's Descriptions stays out of the
 * first page load (decision 0040).
 */
import { Descriptions } from 'antd';

export default function CustomerServiceCard({ phone, wechat, hours }: { phone: string; wechat: string; hours: string }) {
  return (
    <Descriptions column={1} size="small" style={{ width: 240 }}>
      <Descriptions.Item label="客服电话">{phone}</Descriptions.Item>
      <Descriptions.Item label="客服微信">{wechat}</Descriptions.Item>
      <Descriptions.Item label="服务时间">{hours}</Descriptions.Item>
    </Descriptions>
  );
}
