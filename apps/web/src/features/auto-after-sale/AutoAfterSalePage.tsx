/**
 * 自动售后设置 (/basicSet/automaticAfterSale, the platform dropship settings entry's default tab): the
 * seller's rules per shop, applied to every platform after-sale the shop sync brings; the header tag
 * says whether any rule is on; each decision is in the log (/basicSet/automaticAfterSale/AutomaticLog).
 */
import { AUTO_AFTER_SALE_RULE_NAMES, type AutoAfterSaleShop, fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/date';
import { SettingsTabs } from '../fulfilment-settings/SettingsTabs';
import { autoAfterSaleApi, autoAfterSaleKeys } from './api';
import { RuleForm, type RuleFormValues } from './RuleForm';

const rulesOf = (s: AutoAfterSaleShop) =>
  [
    s.rule.unshippedRefundAgree && AUTO_AFTER_SALE_RULE_NAMES.UNSHIPPED_REFUND_AGREE,
    s.rule.shippedReturnCreate && AUTO_AFTER_SALE_RULE_NAMES.SHIPPED_RETURN_CREATE,
  ]
    .filter(Boolean)
    .join('；');

const limitsOf = (s: AutoAfterSaleShop) =>
  [s.rule.maxRefundFen !== null && `金额不超过 ¥${fenToYuan(s.rule.maxRefundFen)}`, s.rule.reasons.length > 0 && `原因：${s.rule.reasons.join('、')}`]
    .filter(Boolean)
    .join('；') || '不限';

export default function AutoAfterSalePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: autoAfterSaleKeys.settings(), queryFn: autoAfterSaleApi.settings });
  const tag = useQuery({ queryKey: autoAfterSaleKeys.tag(), queryFn: autoAfterSaleApi.tag });
  const save = useMutation({
    mutationFn: (v: RuleFormValues) =>
      autoAfterSaleApi.save({
        shopIds: v.shopIds,
        unshippedRefundAgree: v.unshippedRefundAgree,
        shippedReturnCreate: v.shippedReturnCreate,
        maxRefundFen: v.maxRefundYuan == null ? null : Math.round(v.maxRefundYuan * 100),
        reasons: v.reasons,
      }),
    onSuccess: (r) => {
      message.success(`已保存${r.saved}个店铺的自动售后规则`);
      void qc.invalidateQueries({ queryKey: autoAfterSaleKeys.all });
    },
  });
  const shops = settings.data?.shops ?? [];
  return (
    <>
      <SettingsTabs />
      <Card
        title={
          <Space>
            自动售后设置
            {tag.data && (tag.data.active ? <Tag color="green">自动售后已开启（{tag.data.shops}个店铺）</Tag> : <Tag>自动售后未开启</Tag>)}
          </Space>
        }
        extra={<Link to="/basicSet/automaticAfterSale/AutomaticLog">查看自动售后日志</Link>}
        loading={settings.isLoading}
      >
        <RuleForm shops={shops} saving={save.isPending} onSave={(v) => save.mutate(v)} />
      </Card>
      <Card title="各店铺规则" style={{ marginTop: 16 }}>
        <Table<AutoAfterSaleShop>
          rowKey="shopId"
          size="small"
          pagination={false}
          dataSource={shops}
          locale={{ emptyText: '还没有店铺：请先在“店铺授权”添加店铺' }}
          columns={[
            { title: '店铺', dataIndex: 'shopName' },
            { title: '状态', key: 'active', width: 90, render: (_, s) => (s.active ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>) },
            { title: '规则', key: 'rules', render: (_, s) => rulesOf(s) || '—' },
            { title: '限制', key: 'limits', render: (_, s) => limitsOf(s) },
            { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (t: string | null) => (t ? formatDateTime(t) : '—') },
          ]}
        />
      </Card>
    </>
  );
}
