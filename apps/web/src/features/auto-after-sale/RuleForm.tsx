/**
 * The rules form: the shops it is saved to, the two rules and the limits every rule keeps (amount at
 * most X yuan, reasons in a list). Choosing one shop shows its saved rules.
 */
import { AFTER_SALE_REASONS, AUTO_AFTER_SALE_RULE_NAMES, type AutoAfterSaleShop, CHANNEL_NAMES, type Channel } from '@dropship/contract';
import { Button, Form, InputNumber, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';

export interface RuleFormValues {
  shopIds: number[];
  unshippedRefundAgree: boolean;
  shippedReturnCreate: boolean;
  /** Yuan on the form; fen to the server. */
  maxRefundYuan: number | null;
  reasons: string[];
}

interface Props {
  shops: AutoAfterSaleShop[];
  saving: boolean;
  onSave: (v: RuleFormValues) => void;
}

const valuesOf = (s: AutoAfterSaleShop | undefined, shopIds: number[]): RuleFormValues => ({
  shopIds,
  unshippedRefundAgree: s?.rule.unshippedRefundAgree ?? false,
  shippedReturnCreate: s?.rule.shippedReturnCreate ?? false,
  maxRefundYuan: s?.rule.maxRefundFen == null ? null : s.rule.maxRefundFen / 100,
  reasons: s?.rule.reasons ?? [],
});

export function RuleForm({ shops, saving, onSave }: Props) {
  const [form] = Form.useForm<RuleFormValues>();
  const chosen = Form.useWatch('shopIds', form) ?? [];
  const only = chosen.length === 1 ? chosen[0] : undefined;
  // One shop chosen: show what it has saved (several: the form keeps what was typed, saved to all).
  useEffect(() => {
    if (only === undefined) return;
    form.setFieldsValue(
      valuesOf(
        shops.find((s) => s.shopId === only),
        [only],
      ),
    );
  }, [only, shops, form]);
  return (
    <Form form={form} layout="vertical" initialValues={valuesOf(undefined, [])} onFinish={onSave} style={{ maxWidth: 720 }}>
      <Form.Item name="shopIds" label="店铺" rules={[{ required: true, message: '请至少选择一个店铺' }]}>
        <Select
          mode="multiple"
          aria-label="店铺"
          placeholder="选择要使用这些规则的店铺"
          options={shops.map((s) => ({
            value: s.shopId,
            label: `${s.shopName}（${CHANNEL_NAMES[s.channel as Channel] ?? s.channel}${s.refundAnswerable ? '' : '，需到平台后台处理退款'}）`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="unshippedRefundAgree"
        label={AUTO_AFTER_SALE_RULE_NAMES.UNSHIPPED_REFUND_AGREE}
        valuePropName="checked"
        extra="买家在商品拿货前申请仅退款：停止拿货、货款退回余额，并在平台同意退款"
      >
        <Switch aria-label={AUTO_AFTER_SALE_RULE_NAMES.UNSHIPPED_REFUND_AGREE} />
      </Form.Item>
      <Form.Item
        name="shippedReturnCreate"
        label={AUTO_AFTER_SALE_RULE_NAMES.SHIPPED_RETURN_CREATE}
        valuePropName="checked"
        extra="已发货的退货退款：在平台同意退货，售后单转为退货中，等待仓库签收退货"
      >
        <Switch aria-label={AUTO_AFTER_SALE_RULE_NAMES.SHIPPED_RETURN_CREATE} />
      </Form.Item>
      <Typography.Text type="secondary">以下限制对所有规则生效，不满足的售后单不自动处理，并在日志中写明原因。</Typography.Text>
      <Form.Item name="maxRefundYuan" label="退款金额不超过（元，不填为不限）" style={{ marginTop: 12 }}>
        <InputNumber aria-label="退款金额上限" min={0.01} max={1_000_000} precision={2} style={{ width: 200 }} placeholder="不限" />
      </Form.Item>
      <Form.Item name="reasons" label="退款原因包含（不选为不限）">
        <Select
          mode="tags"
          aria-label="退款原因"
          placeholder="选择或输入原因"
          maxCount={20}
          options={AFTER_SALE_REASONS.map((r) => ({ value: r, label: r }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        保存
      </Button>
    </Form>
  );
}
