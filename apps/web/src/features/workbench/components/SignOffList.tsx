/** The organisation's most recent sign-offs (POST /api/home/expressSignList), each opening its timeline. */
import { beijingTime } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { workbenchApi, workbenchKeys } from '../api';

export default function SignOffList() {
  const q = useQuery({ queryKey: workbenchKeys.signList(), queryFn: () => workbenchApi.signList(10) });
  return (
    <Card size="small" title="最近签收">
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: '暂无签收记录' }}
        renderItem={(r) => (
          <List.Item>
            <Link to={`/expressMsg?no=${encodeURIComponent(r.trackingNo)}`}>
              {r.courierName} {r.trackingNo}
            </Link>
            <Typography.Text type="secondary">{beijingTime(r.signedAt)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
