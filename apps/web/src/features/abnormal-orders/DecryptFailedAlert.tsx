/**
 * DECRYPT_FAILED on a placed order: the warehouse could not ship because the platform refused to
 * decrypt the receiver. Shows the platform's own message and the fix that fits its answer.
 */
import { type AbnormalDetail, decryptFailedFix } from '@dropship/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { Link } from 'react-router';

export function DecryptFailedAlert({ detail, onTypeReceiver }: { detail: AbnormalDetail; onTypeReceiver: () => void }) {
  const fix = decryptFailedFix(detail.order.decryptOutcome);
  return (
    <Alert
      type="error"
      showIcon
      title={`代发订单 ${detail.order.dropshipOrderNo ?? ''} 发货时平台解密收货人失败`}
      description={
        <Space orientation="vertical" size={4}>
          {detail.order.decryptMessage && <Typography.Text>平台说明：{detail.order.decryptMessage}</Typography.Text>}
          <Typography.Text type="secondary">{fix.text}</Typography.Text>
        </Space>
      }
      action={
        fix.action === 'REAUTHORIZE' ? (
          <Link to="/basicSet/shopAuthorization">
            <Button size="small" type="primary">
              重新授权
            </Button>
          </Link>
        ) : (
          <Button size="small" type="primary" onClick={onTypeReceiver}>
            修改地址
          </Button>
        )
      }
    />
  );
}
