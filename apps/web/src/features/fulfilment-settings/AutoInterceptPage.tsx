/**
 * 自动拦截策略 (/basicSet/autoIntercept): when a shop order gets a refund request before shipping,
 * stop its lines or cancel its dropship order by itself; below, the log of what was done.
 */
import { INTERCEPT_ACTION_NAMES, type InterceptLogRow } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Radio, Switch, Table, Tag } from 'antd';
import { formatDateTime } from '../../lib/date';
import { useListPage } from '../../lib/list-page';
import { settingKeys, settingsApi } from './api';
import { SettingForm } from './SettingForm';

/** The interception log: paged in the address, no filters. */
const LOG_LIST = { filters: {} };

function InterceptLog() {
  const list = useListPage(LOG_LIST);
  const q = list.query;
  const logs = useQuery({ queryKey: settingKeys.logs(q), queryFn: () => settingsApi.logs(q), placeholderData: keepPreviousData });
  return (
    <Card title="拦截日志" style={{ marginTop: 16 }}>
      <Table<InterceptLogRow>
        rowKey="id"
        size="small"
        loading={logs.isFetching}
        dataSource={logs.data?.list ?? []}
        pagination={list.pagination(logs.data?.total ?? 0)}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (t: string) => formatDateTime(t) },
          { title: '代发订单号', dataIndex: 'orderNo' },
          { title: '店铺订单号', dataIndex: 'platformOrderId' },
          {
            title: '动作',
            dataIndex: 'action',
            render: (a: InterceptLogRow['action']) => <Tag color={a === 'FAILED' ? 'red' : 'blue'}>{INTERCEPT_ACTION_NAMES[a]}</Tag>,
          },
          { title: '说明', dataIndex: 'note' },
        ]}
      />
    </Card>
  );
}

export default function AutoInterceptPage() {
  return (
    <SettingForm settingKey="autoIntercept" title="自动拦截策略" after={<InterceptLog />}>
      {() => (
        <>
          <Form.Item name="enabled" label="买家在发货前申请退款时，自动拦截代发订单" valuePropName="checked">
            <Switch aria-label="开启自动拦截" />
          </Form.Item>
          <Form.Item name="scope" label="拦截范围（未付款的订单总是直接取消）">
            <Radio.Group>
              <Radio value="LINES">只停止退款中的商品，退回其货款</Radio>
              <Radio value="ORDER">取消整个代发订单，退回未退款项</Radio>
            </Radio.Group>
          </Form.Item>
        </>
      )}
    </SettingForm>
  );
}
