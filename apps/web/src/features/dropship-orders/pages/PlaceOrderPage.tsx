/**
 * 代发下单 (/order/placeOrder). `?shopOrderIds=1,2,3` (from 店铺订单's 批量代发下单): each order with its
 * receiver (editable), resolved lines (or why not, with the way to fix it), express and fee,
 * coupon and remark; the money is priced by the server as placing will charge it. 提交订单 creates
 * them as 待付款 (asking to confirm a second placement of the same shop order), then 去支付.
 * Without ids: 手工下单 from custom goods. The variant per brand: coupons only on the main site
 * (the only variant with /funds/coupon).
 */
import { ErrorCode, fenToYuan, type ReceiverFields } from '@dropship/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Result, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api';
import { useShell } from '../../../app/shell-context';
import { AbnormalDetailDrawer } from '../../abnormal-orders/AbnormalDetailDrawer';
import { dropshipApi, dropshipKeys } from '../api';
import { ManualOrderForm } from '../components/ManualOrderForm';
import { PayDialog, type PayTarget } from '../components/PayDialog';
import { PlaceOrderCard } from '../components/PlaceOrderCard';
import { ReceiverModal } from '../components/ReceiverModal';
import {
  blockedCount,
  costDrafts,
  createBody,
  type Draft,
  goodsPlaceable,
  idsFromQuery,
  initialDrafts,
  LAST_EXPRESS_KEY,
  mergePreview,
  speedCount,
  typedStart,
  withSpeed,
} from '../place-drafts';

export default function PlaceOrderPage() {
  const [params] = useSearchParams();
  const ids = useMemo(() => idsFromQuery(params.get('shopOrderIds')), [params]);
  return (
    <div>
      <Typography.Title level={4}>代发下单</Typography.Title>
      {ids.length > 0 ? <FromShopOrders ids={ids} /> : <ByHand />}
    </div>
  );
}

function ByHand() {
  return (
    <Card size="small">
      <Typography.Paragraph>
        从 <Link to="/order/orderList">店铺订单</Link> 勾选订单后点“批量代发下单”，或在下面手工下单（商品来自 <Link to="/goods/customGoods">自定义商品</Link>
        ）。
      </Typography.Paragraph>
      <ManualOrderForm />
    </Card>
  );
}

function FromShopOrders({ ids }: { ids: number[] }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const brand = useShell()?.brand ?? 'main';
  const preview = useQuery({ queryKey: dropshipKeys.preview(ids), queryFn: () => dropshipApi.preview(ids) });
  const express = useQuery({ queryKey: dropshipKeys.express(), queryFn: dropshipApi.express, staleTime: 60_000 });
  // 加急发货: the switches show only while the seller's service is enabled (a failed read = not offered).
  const speed = useQuery({ queryKey: dropshipKeys.speed(), queryFn: dropshipApi.speedTerms, staleTime: 60_000 });
  const speedFeeFen = speed.data?.enabled ? speed.data.feeFen : undefined;
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [created, setCreated] = useState<PayTarget[] | null>(null);
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  // The order whose goods are being linked in the drawer over the page (the page keeps its drafts).
  const [fixing, setFixing] = useState<number | null>(null);
  const seen = useRef(preview.data);

  // A preview read again after a fix: the drafts keep what was typed and tick what became placeable.
  useEffect(() => {
    const before = seen.current;
    seen.current = preview.data;
    if (!preview.data || !before || before === preview.data) return;
    const after = preview.data.orders;
    setDrafts((ds) => (ds ? mergePreview(ds, before.orders, after) : ds));
  }, [preview.data]);

  useEffect(() => {
    if (!preview.data || !express.data || drafts || !speed.isFetched) return;
    const last = window.localStorage.getItem(LAST_EXPRESS_KEY);
    const code = express.data.find((e) => e.code === last)?.code ?? express.data[0]?.code ?? '';
    setDrafts(initialDrafts(preview.data.orders, code, speed.data?.enabled ? speed.data.defaultOn : undefined));
  }, [preview.data, express.data, drafts, speed.isFetched, speed.data]);

  const priced = useMemo(() => costDrafts(drafts ?? []), [drafts]);
  const cost = useQuery({ queryKey: dropshipKeys.cost(priced), queryFn: () => dropshipApi.cost(priced), enabled: priced.length > 0 });
  const costOf = (shopOrderId: number) => {
    const i = priced.findIndex((p) => p.shopOrderId === shopOrderId);
    return i >= 0 ? cost.data?.orders[i] : undefined;
  };
  const total = (cost.data?.orders ?? []).reduce((n, o) => n + (o.cost?.totalFen ?? 0), 0);
  const included = (drafts ?? []).filter((d) => d.included);
  // Only placeable orders start ticked; the summary says how many wait for a fix.
  const blocked = preview.data ? blockedCount(preview.data.orders, drafts ?? []) : 0;
  const ready = included.length > 0 && !cost.isFetching && (cost.data?.orders ?? []).every((o) => o.cost && !o.couponError);

  const [submitting, setSubmitting] = useState(false);
  // Not a mutation: the shell shows every failed mutation's message, and a second placement of a
  // shop order is a question to the seller here, not an error.
  async function submit(confirmDuplicate: boolean) {
    setSubmitting(true);
    try {
      const r = await dropshipApi.create(createBody(drafts ?? [], confirmDuplicate));
      const code = included[0]?.expressCode;
      if (code) window.localStorage.setItem(LAST_EXPRESS_KEY, code);
      void qc.invalidateQueries({ queryKey: dropshipKeys.all });
      void qc.invalidateQueries({ queryKey: ['shop-orders'] });
      setCreated(r.orders.map((o) => ({ id: o.id, orderNo: o.orderNo, totalFen: o.totalFen })));
    } catch (e) {
      if (e instanceof ApiError && e.errorCode === ErrorCode.DROPSHIP_DUPLICATE && !confirmDuplicate) {
        modal.confirm({ title: '确认重复下单？', content: e.message, okText: '确认重复下单', cancelText: '取消', onOk: () => submit(true) });
      } else {
        message.error(e instanceof Error ? e.message : '系统异常');
      }
    } finally {
      setSubmitting(false);
    }
  }

  if (preview.isLoading || (preview.data && !drafts)) return <Spin description="正在读取订单…" />;
  if (!preview.data) return <Empty description="订单读取失败，请返回店铺订单重新选择" />;
  if (created) {
    const sum = created.reduce((n, o) => n + o.totalFen, 0);
    return (
      <>
        <Result
          status="success"
          title={`已提交 ${created.length} 个代发订单，待付款 ¥${fenToYuan(sum)}`}
          subTitle={created.map((o) => o.orderNo).join('、')}
          extra={
            <Space>
              <Button type="primary" onClick={() => setPaying(created)}>
                去支付
              </Button>
              <Button onClick={() => navigate('/order/daifaOrderList?status=WAITING_PAYMENT')}>查看代发订单</Button>
            </Space>
          }
        />
        <PayDialog orders={paying} onClose={() => setPaying(null)} onPaid={() => navigate('/order/daifaOrderList')} />
      </>
    );
  }

  const update = (shopOrderId: number, patch: Partial<Draft>) =>
    setDrafts((ds) => (ds ?? []).map((d) => (d.shopOrderId === shopOrderId ? { ...d, ...patch } : d)));
  const editingDraft = drafts?.find((d) => d.shopOrderId === editing) ?? null;
  return (
    <div>
      {preview.data.orders.map((o) => {
        const d = drafts?.find((x) => x.shopOrderId === o.shopOrderId);
        return d ? (
          <PlaceOrderCard
            key={o.shopOrderId}
            order={o}
            draft={d}
            cost={costOf(o.shopOrderId)}
            coupons={brand === 'main'}
            speedFeeFen={speedFeeFen}
            onChange={(p) => update(o.shopOrderId, p)}
            onEditReceiver={() => setEditing(o.shopOrderId)}
            onFix={() => setFixing(o.shopOrderId)}
          />
        ) : null;
      })}
      <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 2 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <span>
            已选 {included.length} / {drafts?.length ?? 0} 个订单
            {blocked > 0 && (
              <Typography.Text type="warning" data-testid="place-blocked">
                （{blocked} 单需先处理）
              </Typography.Text>
            )}
            ，合计{' '}
            <Typography.Text strong style={{ fontSize: 18, color: '#f5222d' }} data-testid="place-total">
              ¥{fenToYuan(total)}
            </Typography.Text>
            {speedFeeFen !== undefined && (
              <Space size={4} style={{ marginLeft: 16 }}>
                <Switch
                  aria-label="全部加急"
                  size="small"
                  checked={speedCount(drafts ?? []).all}
                  onChange={(on) => setDrafts((ds) => withSpeed(ds ?? [], on))}
                />
                全部加急
                <Typography.Text type="secondary" data-testid="place-speed">
                  （加急 {speedCount(drafts ?? []).urgent} 单，¥{fenToYuan(speedFeeFen)}/单，已含在合计中）
                </Typography.Text>
              </Space>
            )}
          </span>
          <Button type="primary" size="large" disabled={!ready} loading={submitting} onClick={() => void submit(false)}>
            提交订单
          </Button>
        </Space>
      </Card>
      <AbnormalDetailDrawer
        id={fixing}
        onClose={() => {
          setFixing(null);
          void qc.invalidateQueries({ queryKey: dropshipKeys.preview(ids) });
        }}
      />
      <ReceiverModal
        open={editing !== null}
        initial={editingDraft ? typedStart(editingDraft.receiver) : null}
        onClose={() => setEditing(null)}
        onSave={(receiver: ReceiverFields) => {
          const o = preview.data?.orders.find((x) => x.shopOrderId === editing);
          if (editing !== null) update(editing, { receiver, addressOk: true, included: o ? goodsPlaceable(o) : false });
          setEditing(null);
        }}
      />
    </div>
  );
}
