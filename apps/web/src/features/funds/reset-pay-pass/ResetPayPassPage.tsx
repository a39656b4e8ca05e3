/**
 * 重置支付密码 (/funds/resetPayPass, also the header's 修改支付密码): set it the first time, change
 * it, or reset it with an SMS code; says when it is locked. `?back=/path` returns there afterwards
 * (the cashier sends a seller here when no pay password is set yet).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Spin, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/date';
import { paymentsApi, paymentsKeys } from '../payments-api';
import { ChangePayPasswordForm, SetPayPasswordForm, SmsResetForm } from './PayPasswordForms';

/** Only a path on this site (never //host or a full URL). */
const safeBack = (v: string | null) => (v && /^\/(?!\/)/.test(v) ? v : null);

export default function ResetPayPassPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeBack(params.get('back'));
  const status = useQuery({ queryKey: paymentsKeys.payPassword(), queryFn: paymentsApi.payPasswordStatus });
  const done = () => {
    void qc.invalidateQueries({ queryKey: paymentsKeys.payPassword() });
    if (back) navigate(back);
  };
  const changed = () => void qc.invalidateQueries({ queryKey: paymentsKeys.payPassword() });

  if (!status.data) return <Spin description="正在加载…" />;
  const s = status.data;
  const sms = { key: 'sms', label: '忘记支付密码（短信验证）', children: <SmsResetForm maskedPhone={s.maskedPhone} onDone={done} /> };
  const items = s.isSet
    ? [{ key: 'change', label: '修改支付密码', children: <ChangePayPasswordForm onDone={changed} /> }, sms]
    : [
        { key: 'set', label: '设置支付密码', children: <SetPayPasswordForm onDone={done} /> },
        { ...sms, label: '通过短信验证码设置' },
      ];

  return (
    <div>
      <Typography.Title level={4}>重置支付密码</Typography.Title>
      <Card size="small">
        {!s.isSet && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="尚未设置支付密码。余额支付、提现和绑定提现账号都需要支付密码。" />}
        {s.locked && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={`支付密码错误次数过多，已锁定至 ${formatDateTime(s.lockedUntil, 'HH:mm')}，可通过短信验证码重置`}
          />
        )}
        <Tabs defaultActiveKey={s.locked ? 'sms' : undefined} items={items} destroyOnHidden />
      </Card>
    </div>
  );
}
