/**
 * The changes a seller makes to an after-sale (撤销, 拦截退款, 填写退货物流, 同意 / 拒绝退款, batch 拦截退款, and the
 * decision on a stall's refusal: 接受拒退, 协商退款, 重新退档口; 换货补发 opens its drawer), shared by
 * the list and the detail: each asks first, sends one request key per confirmation, says what
 * happened and refreshes the after-sales, the dropship orders and the money it moved.
 */
import { type AfterSaleAction, type AfterSaleBatchResult, type AfterSaleDecideBody, type AfterSaleRow, REFUSE_DECISION_NAMES } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { confirmPrompt } from '../../../lib/confirm-prompt';
import { requestKey } from '../../../lib/request-key';
import { dropshipKeys } from '../../dropship-orders/api';
import { MONEY_QUERY_KEYS } from '../../funds/payments-api';
import { afterSaleApi, afterSaleKeys } from '../api';
import { BatchResultDialog } from './BatchResultDialog';
import { ExchangeReshipDrawer, type ExchangeTarget } from './ExchangeReshipDrawer';
import { NegotiateModal, type NegotiateTarget } from './NegotiateModal';
import { WaybillModal, type WaybillTarget } from './WaybillModal';

type Target = Pick<AfterSaleRow, 'id' | 'afterSaleNo' | 'returnCourierName' | 'returnWaybillNo'>;

export const ACTION_LABELS: Record<AfterSaleAction, string> = {
  CANCEL: '撤销',
  INTERCEPT: '拦截退款',
  FILL_WAYBILL: '填写退货物流',
  AGREE: '同意退款',
  REFUSE: '拒绝退款',
  ...REFUSE_DECISION_NAMES,
  EXCHANGE_RESHIP: '换货补发',
};

export function useAfterSaleActions(onChanged?: () => void) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [waybillOf, setWaybillOf] = useState<WaybillTarget | null>(null);
  const [batch, setBatch] = useState<AfterSaleBatchResult | null>(null);
  const [negotiateOf, setNegotiateOf] = useState<NegotiateTarget | null>(null);
  const [exchangeOf, setExchangeOf] = useState<ExchangeTarget | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: afterSaleKeys.all });
    void qc.invalidateQueries({ queryKey: dropshipKeys.all });
    for (const k of MONEY_QUERY_KEYS) void qc.invalidateQueries({ queryKey: k });
    onChanged?.();
  };
  const cancel = useMutation({
    mutationFn: (id: number) => afterSaleApi.cancel(id, requestKey()),
    onSuccess: () => {
      message.success('售后已撤销');
      refresh();
    },
  });
  const intercept = useMutation({
    mutationFn: (id: number) => afterSaleApi.intercept(id, requestKey()),
    onSuccess: () => {
      message.success('已拦截，该商品停止拿货，货款已退回余额');
      refresh();
    },
  });
  const waybill = useMutation({
    mutationFn: (v: { id: number; returnCourierName: string; returnWaybillNo: string }) => afterSaleApi.waybill(v),
    onSuccess: () => {
      message.success('退货物流已保存');
      setWaybillOf(null);
      refresh();
    },
  });
  const agree = useMutation({
    mutationFn: (id: number) => afterSaleApi.agree(id),
    onSuccess: () => {
      message.success('已同意退款，平台已收到');
      refresh();
    },
  });
  const refuse = useMutation({
    mutationFn: (v: { id: number; reason: string }) => afterSaleApi.refuse(v.id, v.reason),
    onSuccess: () => {
      message.success('已拒绝退款，平台已收到');
      refresh();
    },
  });
  const decide = useMutation({
    mutationFn: (b: AfterSaleDecideBody) => afterSaleApi.decide(b),
    onSuccess: () => {
      message.success('已提交处理方式');
      setNegotiateOf(null);
      refresh();
    },
  });
  const batchIntercept = useMutation({
    mutationFn: (ids: number[]) => afterSaleApi.batchIntercept(ids),
    onSuccess: (r) => {
      setBatch(r);
      refresh();
    },
  });

  const run = (action: AfterSaleAction, t: Target) => {
    if (action === 'FILL_WAYBILL') {
      setWaybillOf({ id: t.id, afterSaleNo: t.afterSaleNo, returnCourierName: t.returnCourierName, returnWaybillNo: t.returnWaybillNo });
      return;
    }
    if (action === 'AGREE') {
      modal.confirm({
        title: `同意退款 ${t.afterSaleNo}？`,
        content: '未发货的商品将停止拿货、货款退回余额，并在平台同意买家的退款；已发货的退货退款转为等待买家寄回。',
        okText: '确认同意',
        cancelText: '再想想',
        onOk: () => agree.mutateAsync(t.id),
      });
      return;
    }
    if (action === 'REFUSE') {
      void confirmPrompt(
        {
          title: `拒绝退款 ${t.afterSaleNo}`,
          content: '拒绝原因会展示给买家（2到200个字）',
          placeholder: '请输入拒绝原因',
          validator: (v) => v.trim().length >= 2 && v.trim().length <= 200,
          errorMessage: '请输入2到200个字的拒绝原因',
          okText: '确认拒绝',
          cancelText: '再想想',
        },
        modal,
      ).then((reason) => {
        if (reason !== null) refuse.mutate({ id: t.id, reason: reason.trim() });
      });
      return;
    }
    if (action === 'EXCHANGE_RESHIP') {
      setExchangeOf({ id: t.id, afterSaleNo: t.afterSaleNo });
      return;
    }
    if (action === 'NEGOTIATE_REFUND') {
      setNegotiateOf({ id: t.id, afterSaleNo: t.afterSaleNo });
      return;
    }
    if (action === 'ACCEPT_REFUSE' || action === 'RETURN_FACTORY_AGAIN') {
      const accept = action === 'ACCEPT_REFUSE';
      modal.confirm({
        title: `${REFUSE_DECISION_NAMES[action]} ${t.afterSaleNo}？`,
        content: accept ? '档口拒退的货物将作为问题件退回给你，本售后不再退款。' : '采购商确认后，货物将再次退回档口。',
        okText: accept ? '确认接受' : '确认重新退档口',
        cancelText: '再想想',
        onOk: () => decide.mutateAsync({ id: t.id, decision: action }),
      });
      return;
    }
    const isCancel = action === 'CANCEL';
    modal.confirm({
      title: isCancel ? `撤销售后 ${t.afterSaleNo}？` : `拦截退款 ${t.afterSaleNo}？`,
      content: isCancel ? '撤销后售后关闭，如需再次售后请重新申请。' : '该商品将停止拿货，货款退回余额；已发货的无法拦截。',
      okText: isCancel ? '确认撤销' : '确认拦截',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: () => (isCancel ? cancel.mutateAsync(t.id) : intercept.mutateAsync(t.id)),
    });
  };

  const interceptMany = (rows: Target[]) =>
    modal.confirm({
      title: `批量拦截退款 ${rows.length} 个售后单？`,
      content: '未发货的商品停止拿货并退回货款；不能拦截的会列出原因。',
      okText: '确认拦截',
      cancelText: '再想想',
      onOk: () => batchIntercept.mutateAsync(rows.map((r) => r.id)),
    });

  const dialogs = (
    <>
      <WaybillModal
        target={waybillOf}
        saving={waybill.isPending}
        onClose={() => setWaybillOf(null)}
        onSave={(v) => waybillOf && waybill.mutate({ id: waybillOf.id, ...v })}
      />
      <NegotiateModal
        target={negotiateOf}
        saving={decide.isPending}
        onClose={() => setNegotiateOf(null)}
        onSave={(v) => negotiateOf && decide.mutate({ id: negotiateOf.id, decision: 'NEGOTIATE_REFUND', ...v })}
      />
      <BatchResultDialog title="批量拦截退款结果" result={batch} onClose={() => setBatch(null)} />
      <ExchangeReshipDrawer target={exchangeOf} onClose={() => setExchangeOf(null)} />
    </>
  );
  return {
    run,
    interceptMany,
    dialogs,
    busy: cancel.isPending || intercept.isPending || agree.isPending || refuse.isPending || batchIntercept.isPending || decide.isPending,
  };
}
