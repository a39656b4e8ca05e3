/**
 * 快递运费规则 (/operator/expressRules): every express company, disabled ones too, with its fee rules
 * by province (first weight + each further step). 编辑 / 新增快递公司 open one company in a dialog and
 * save it whole (the rules are replaced); prices are typed in yuan and sent as fen.
 */
import { type ExpressPriceRule, fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { consoleApi, consoleKeys } from './api';
import { ExpressCompanyForm } from './ExpressCompanyForm';
import { type CompanyWithRules, sortedRules, weightText } from './express-rules';

const ruleText = (r: ExpressPriceRule) =>
  `${r.province || '默认'}：首重${weightText(r.firstWeightGrams)} ¥${fenToYuan(r.firstFen)}，续重每${weightText(r.stepWeightGrams)} ¥${fenToYuan(r.stepFen)}`;

export default function ExpressRulesPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: consoleKeys.expressRules(), queryFn: consoleApi.expressRules });
  /** The company in the dialog: null = a new one; undefined = no dialog. */
  const [editing, setEditing] = useState<CompanyWithRules | null | undefined>(undefined);
  const save = useMutation({
    mutationFn: consoleApi.saveExpressRules,
    onSuccess: () => {
      message.success('运费规则已保存');
      setEditing(undefined);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.expressRules() });
    },
  });

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>快递运费规则</Typography.Title>
        <Button type="primary" onClick={() => setEditing(null)}>
          新增快递公司
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        运费按收货省份计：首重价格 + 每超出一个续重单位加收续重价格；没有单独规则的省份按默认规则计。停用的快递公司不再出现在下单和运费计算中。
      </Typography.Paragraph>
      <Table<CompanyWithRules>
        rowKey="code"
        loading={rules.isFetching}
        dataSource={rules.data?.companies ?? []}
        pagination={false}
        locale={{ emptyText: '暂无快递公司' }}
        columns={[
          { title: '快递公司', dataIndex: 'name', width: 140 },
          { title: '编码', dataIndex: 'code', width: 100 },
          { title: '状态', dataIndex: 'enabled', width: 80, render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '运费规则',
            key: 'rules',
            render: (_, c) => (
              <div>
                {sortedRules(c.rules).map((r) => (
                  <div key={r.province}>{ruleText(r)}</div>
                ))}
              </div>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 80,
            render: (_, c) => (
              <Button type="link" size="small" onClick={() => setEditing(c)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <ExpressCompanyForm editing={editing} saving={save.isPending} onSave={(body) => save.mutate(body)} onClose={() => setEditing(undefined)} />
      )}
    </div>
  );
}
