/** One shop order on the place page: receiver (editable), lines, express with its fee, coupon, remark and the money. */
import { CHANNEL_NAMES, type Channel, fenToYuan, maskPhone, type OrderCost, type PlacePreviewOrder } from '@dropship/contract';
import { Alert, Button, Card, Checkbox, Descriptions, Input, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { Draft } from '../place-drafts';
import { isPlatformReceiver, placeable } from '../place-drafts';
import { CouponSelect } from './CouponSelect';
import { ExpressSelect } from './ExpressSelect';
import { PlaceLines } from './PlaceLines';

interface Props {
  order: PlacePreviewOrder;
  draft: Draft;
  cost: { cost: OrderCost | null; error: string | null; couponError: string | null } | undefined;
  onChange(patch: Partial<Draft>): void;
  onEditReceiver(): void;
  /** Opens the order's fixes (link goods) in a drawer over the page. */
  onFix?: () => void;
  /** Coupons exist on the main variant only (SPEC.md section 2: /funds/coupon). */
  coupons: boolean;
  /** 加急发货's price per order while the seller's service is enabled; undefined hides the switch. */
  speedFeeFen?: number | undefined;
}

export function PlaceOrderCard({ order, draft, cost, onChange, onEditReceiver, onFix, coupons, speedFeeFen }: Props) {
  const ok = placeable(order, draft);
  const r = draft.receiver;
  const encrypted = isPlatformReceiver(r);
  const itemCount = order.lines.reduce((n, l) => n + l.quantity, 0);
  const c = cost?.cost;
  return (
    <Card
      size="small"
      style={{ marginBottom: 12, opacity: draft.included ? 1 : 0.75 }}
      data-testid="place-order-card"
      title={
        <Space wrap>
          <Checkbox
            checked={draft.included}
            disabled={!ok}
            onChange={(e) => onChange({ included: e.target.checked })}
            aria-label={`下单 ${order.platformOrderId}`}
          />
          <span>{order.shopName}</span>
          <Tag>{CHANNEL_NAMES[order.channel as Channel] ?? order.channel}</Tag>
          <Typography.Text copyable>{order.platformOrderId}</Typography.Text>
          {draft.speedDelivery && <Tag color="red">加急</Tag>}
        </Space>
      }
    >
      {order.placedOrderNos.length > 0 && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`该店铺订单已下过代发单：${order.placedOrderNos.join('、')}，再次提交需要确认`} />
      )}
      {order.blockers.map((b) => (
        <Alert key={b} type="error" showIcon style={{ marginBottom: 8 }} title={b} />
      ))}
      {!draft.addressOk && <Alert type="error" showIcon style={{ marginBottom: 8 }} title="收货地址不完整或省市区无法识别，请点“修改”从地区列表中选择" />}
      <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
        <Descriptions.Item label="收货信息">
          <Space wrap>
            <span>
              {r.name} {encrypted ? r.phone : maskPhone(r.phone)} {[r.province, r.city, r.district].filter(Boolean).join(' ')} {r.address}
            </span>
            {encrypted && (
              <Tooltip title="发货时由平台解密或使用平台电子面单，卖家无需填写">
                <Tag color="blue" data-testid="receiver-encrypted">
                  平台加密
                </Tag>
              </Tooltip>
            )}
            <Button size="small" type="link" onClick={onEditReceiver}>
              修改
            </Button>
          </Space>
        </Descriptions.Item>
        {(order.buyerRemark || order.sellerRemark) && (
          <Descriptions.Item label="留言/备注">
            {[order.buyerRemark && `买家：${order.buyerRemark}`, order.sellerRemark && `卖家：${order.sellerRemark}`].filter(Boolean).join('；')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <PlaceLines lines={order.lines} onFix={onFix} />
      <Space wrap style={{ marginTop: 12 }}>
        <ExpressSelect
          province={r.province}
          itemCount={itemCount}
          value={draft.expressCode}
          onChange={(expressCode) => onChange({ expressCode })}
          disabled={!draft.included}
        />
        {coupons && (
          <CouponSelect
            amountFen={c ? c.goodsFen + c.expressFeeFen + c.serviceFeeFen : 0}
            value={draft.couponId}
            onChange={(couponId) => onChange({ couponId })}
            disabled={!draft.included}
          />
        )}
        {speedFeeFen !== undefined && draft.speedDelivery !== undefined && (
          <Space size={4}>
            <Switch
              aria-label={`加急发货 ${order.platformOrderId}`}
              checked={draft.speedDelivery}
              disabled={!draft.included}
              onChange={(speedDelivery) => onChange({ speedDelivery })}
            />
            <span>加急发货 +¥{fenToYuan(speedFeeFen)}</span>
          </Space>
        )}
        <Input
          aria-label="备注"
          style={{ width: 260 }}
          maxLength={200}
          placeholder="给采购商的备注（选填）"
          value={draft.remark}
          disabled={!draft.included}
          onChange={(e) => onChange({ remark: e.target.value })}
        />
      </Space>
      {draft.included && cost?.error && <Alert type="error" showIcon style={{ marginTop: 8 }} title={cost.error} />}
      {draft.included && cost?.couponError && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={`优惠券不可用：${cost.couponError}`} />}
      {draft.included && c && (
        <div style={{ marginTop: 8, textAlign: 'right' }} data-testid="order-cost">
          货款 ¥{fenToYuan(c.goodsFen)} + 运费 ¥{fenToYuan(c.expressFeeFen)} + 服务费 ¥{fenToYuan(c.serviceFeeFen)}
          {c.memberFeeOffFen > 0 && `（会员已减 ¥${fenToYuan(c.memberFeeOffFen)}）`}
          {c.speedFeeFen > 0 && ` + 加急费 ¥${fenToYuan(c.speedFeeFen)}`}
          {c.discountFen > 0 && ` − 优惠 ¥${fenToYuan(c.discountFen)}`} = <Typography.Text strong>¥{fenToYuan(c.totalFen)}</Typography.Text>
        </div>
      )}
    </Card>
  );
}
