/** The header's membership: the level and its end for a seller who is a member, else a link to open one. */
import { CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../lib/date';
import { memberApi, memberKeys } from './api';

export function MemberBadge({ compact }: { compact: boolean }) {
  const status = useQuery({ queryKey: memberKeys.status(), queryFn: memberApi.status, staleTime: 60_000 });
  if (!status.data) return null;
  const s = status.data;
  const text = s.active ? `${s.planName} · ${formatDate(s.expiresAt)}到期` : '开通会员';
  return (
    <Tooltip title={s.active ? `会员有效期至 ${formatDate(s.expiresAt)}，点击续费` : '开通会员享代发服务费优惠'}>
      <Link to="/member/pay" data-testid="member-badge">
        <Button type="text" icon={<CrownOutlined style={{ color: s.active ? '#faad14' : undefined }} />}>
          {compact ? null : text}
        </Button>
      </Link>
    </Tooltip>
  );
}
