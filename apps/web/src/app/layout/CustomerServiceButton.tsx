import { CustomerServiceOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popover } from 'antd';
import { useShell } from '../shell-context';

export function CustomerServiceButton({ compact = false }: { compact?: boolean }) {
  const cs = useShell()?.customerService;
  const content = cs ? (
    <Descriptions column={1} size="small" style={{ width: 240 }}>
      <Descriptions.Item label="客服电话">{cs.phone}</Descriptions.Item>
      <Descriptions.Item label="客服微信">{cs.wechat}</Descriptions.Item>
      <Descriptions.Item label="服务时间">{cs.hours}</Descriptions.Item>
    </Descriptions>
  ) : null;
  return (
    <Popover content={content} title="联系客服" trigger="click" placement="bottomRight">
      <Button type="text" icon={<CustomerServiceOutlined />} aria-label="客服" title={compact ? '客服' : undefined}>
        {!compact && '客服'}
      </Button>
    </Popover>
  );
}
