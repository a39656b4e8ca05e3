/**
 * 会员套餐 (/operator/memberPlans): the plans sellers buy on /member/pay (decision 0033). A new plan is
 * 未发布; 发布 puts it on sale, 下架 takes it off (memberships bought keep running). A published plan is
 * withdrawn before it is edited. Price in yuan on screen, fen sent.
 */
import { fenToYuan, MEMBER_PLAN_STATUS_NAMES, type MemberPlanRow, type MemberPlanStatus, yuanToFen } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { normalizePriceInput, priceRule } from '../../lib/price';
import { benefitText } from '../membership/api';
import { consoleApi, consoleKeys } from './api';

const STATUS_COLORS: Record<MemberPlanStatus, string> = { DRAFT: 'default', PUBLISHED: 'green', WITHDRAWN: 'orange' };

interface FormValues {
  name: string;
  termDays: number;
  price: string;
  serviceFeePercent: number;
  offPerItem: string;
}

function PlanForm({ plan, onClose }: { plan: MemberPlanRow | 'new' | null; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const editing = plan && plan !== 'new' ? plan : null;
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      consoleApi.saveMemberPlan({
        ...(editing ? { id: editing.id } : {}),
        name: v.name,
        termDays: v.termDays,
        priceFen: yuanToFen(v.price) ?? 0,
        serviceFeePercent: v.serviceFeePercent,
        serviceFeeOffPerItemFen: yuanToFen(v.offPerItem || '0') ?? 0,
      }),
    onSuccess: () => {
      message.success('会员套餐已保存');
      void qc.invalidateQueries({ queryKey: consoleKeys.memberPlans() });
      onClose();
    },
  });
  const initial = editing
    ? {
        name: editing.name,
        termDays: editing.termDays,
        price: fenToYuan(editing.priceFen),
        serviceFeePercent: editing.serviceFeePercent,
        offPerItem: fenToYuan(editing.serviceFeeOffPerItemFen),
      }
    : { termDays: 30, serviceFeePercent: 100, offPerItem: '0' };
  return (
    <Modal title={editing ? '编辑会员套餐' : '新增会员套餐'} open={plan !== null} onCancel={onClose} footer={null} destroyOnHidden>
      <Form<FormValues> layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="name" label="套餐名称" rules={[{ required: true, message: '请输入套餐名称' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="termDays" label="有效天数" rules={[{ required: true, message: '请输入有效天数' }]}>
          <InputNumber min={1} max={3660} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="price" label="价格（元）" normalize={normalizePriceInput} rules={[{ required: true, message: '请输入价格' }, priceRule]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="serviceFeePercent"
          label="代发服务费按原价的百分比收取"
          extra="100 为原价，80 即 8 折，0 为免服务费"
          rules={[{ required: true, message: '请输入服务费折扣' }]}
        >
          <InputNumber min={0} max={100} precision={0} style={{ width: 200 }} addonAfter="%" />
        </Form.Item>
        <Form.Item name="offPerItem" label="每件服务费再减（元）" normalize={normalizePriceInput} rules={[priceRule]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </Modal>
  );
}

export default function MemberPlansPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const plans = useQuery({ queryKey: consoleKeys.memberPlans(), queryFn: consoleApi.memberPlans });
  const [editing, setEditing] = useState<MemberPlanRow | 'new' | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: consoleKeys.memberPlans() });
  const publish = useMutation({
    mutationFn: consoleApi.publishMemberPlan,
    onSuccess: (p) => {
      message.success(`「${p.name}」已发布`);
      refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: consoleApi.withdrawMemberPlan,
    onSuccess: (p) => {
      message.success(`「${p.name}」已下架`);
      refresh();
    },
  });
  const askWithdraw = (p: MemberPlanRow) =>
    modal.confirm({ title: `下架「${p.name}」？`, content: '下架后卖家不能再购买，已购买的会员不受影响。', onOk: () => withdraw.mutateAsync(p.id) });

  return (
    <div>
      <Typography.Title level={4}>会员套餐</Typography.Title>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          新增套餐
        </Button>
      </Space>
      <Table<MemberPlanRow>
        rowKey="id"
        dataSource={plans.data ?? []}
        loading={plans.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无会员套餐' }}
        columns={[
          { title: '套餐名称', dataIndex: 'name' },
          { title: '有效天数', dataIndex: 'termDays' },
          { title: '价格(元)', dataIndex: 'priceFen', render: (v: number) => fenToYuan(v) },
          { title: '会员权益', key: 'benefit', render: (_, r) => benefitText(r) },
          { title: '状态', dataIndex: 'status', render: (s: MemberPlanStatus) => <Tag color={STATUS_COLORS[s]}>{MEMBER_PLAN_STATUS_NAMES[s]}</Tag> },
          { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) =>
              r.status === 'PUBLISHED' ? (
                <Button type="link" onClick={() => askWithdraw(r)}>
                  下架
                </Button>
              ) : (
                <Space>
                  <Button type="link" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Button type="link" loading={publish.isPending && publish.variables === r.id} onClick={() => publish.mutate(r.id)}>
                    发布
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <PlanForm plan={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
