/**
 * 物流查询 (/expressMsg, left bar hidden): any waybill of the organisation by its number (?no=, so the
 * order detail links here), with its timeline from the kept trace; ?problems=1 lists the waybills the
 * tracking flagged (no movement, returned) as the workbench counts them.
 */
import { beijingTime, TRACE_PROBLEM_NAMES, TRACK_STATE_COLORS } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Input, Table, Tag, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../app/api';
import { oneOf, text } from '../../lib/list-page/params';
import { useUrlParams } from '../../lib/list-page/use-url-params';
import { workbenchApi, workbenchKeys } from './api';

const PARAMS = { no: text(32), problems: oneOf(['1'] as const) };

export default function ExpressMsgPage() {
  const [{ no, problems }, set] = useUrlParams(PARAMS);
  const trace = useQuery({ queryKey: workbenchKeys.trace(no ?? ''), queryFn: () => workbenchApi.trace(no ?? ''), enabled: !!no, retry: false });
  const home = useQuery({ queryKey: workbenchKeys.home(), queryFn: workbenchApi.home, enabled: problems === '1' });
  const t = trace.data;

  return (
    <div style={{ maxWidth: 900, margin: '0 auto', padding: 16 }}>
      <Typography.Title level={4}>物流查询</Typography.Title>
      <Input.Search
        key={no ?? ''}
        defaultValue={no}
        placeholder="输入快递单号"
        enterButton="查询"
        allowClear
        maxLength={32}
        onSearch={(v) => set({ no: v.trim() || undefined, problems: undefined })}
        style={{ maxWidth: 480 }}
      />
      {trace.isError && (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon message={trace.error instanceof ApiError ? trace.error.message : '查询失败，请稍后重试'} />
      )}
      {t && (
        <Card style={{ marginTop: 16 }} loading={trace.isFetching && !t}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label="快递单号">{t.trackingNo}</Descriptions.Item>
            <Descriptions.Item label="快递公司">{t.courierName}</Descriptions.Item>
            <Descriptions.Item label="订单号">{t.orderNo}</Descriptions.Item>
            <Descriptions.Item label="物流状态">
              <Tag color={TRACK_STATE_COLORS[t.state] ?? 'default'}>{t.stateName}</Tag>
              {t.problem && <Tag color="red">{TRACE_PROBLEM_NAMES[t.problem]}</Tag>}
            </Descriptions.Item>
          </Descriptions>
          {t.events.length === 0 ? (
            <Typography.Text type="secondary">暂无物流信息，快递揽收后再查</Typography.Text>
          ) : (
            <Timeline
              data-testid="trace-timeline"
              style={{ marginTop: 16 }}
              items={t.events.map((e, i) => ({
                color: i === 0 ? 'green' : 'gray',
                children: (
                  <>
                    <div>{e.context}</div>
                    <Typography.Text type="secondary">
                      {e.time} {e.status}
                    </Typography.Text>
                  </>
                ),
              }))}
            />
          )}
        </Card>
      )}
      {problems === '1' && (
        <Card style={{ marginTop: 16 }} title="物流异常">
          <Table
            size="small"
            rowKey="trackingNo"
            loading={home.isLoading}
            dataSource={home.data?.courierProblems ?? []}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: '没有物流异常的包裹' }}
            columns={[
              { title: '快递单号', dataIndex: 'trackingNo', render: (v: string) => <Link to={`/expressMsg?no=${encodeURIComponent(v)}`}>{v}</Link> },
              { title: '订单号', dataIndex: 'orderNo' },
              { title: '异常', dataIndex: 'problem', render: (p: keyof typeof TRACE_PROBLEM_NAMES) => <Tag color="red">{TRACE_PROBLEM_NAMES[p]}</Tag> },
              { title: '最后更新', dataIndex: 'lastEventAt', render: (v: string | null) => beijingTime(v) },
              { title: '最新轨迹', dataIndex: 'lastText' },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
