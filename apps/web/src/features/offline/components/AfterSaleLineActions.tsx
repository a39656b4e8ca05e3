/**
 * The actions of a return line made for an after-sale (售后退货): its return label, and the
 * purchaser's confirmation of what the after-sale waits for (the stall agreed to the seller's
 * negotiated refund, the stall paid it, or the goods go back to the stall).
 */
import type { OfflineReturnLineRow, ReturnStatusCode } from '@dropship/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { printReturnLabels } from '../after-sale-labels';
import { offlineApi, offlineKeys } from '../api';

const CONFIRMS: Partial<Record<ReturnStatusCode, { label: string; ask: string }>> = {
  NEGOTIATE_REFUND: { label: '档口同意协商', ask: '档口已同意卖家的协商退款金额？' },
  FACTORY_RETURNED_TOCONFIRM: { label: '确认已收协商退款', ask: '档口已付协商退款？确认后扣除退货服务费退回卖家余额。' },
  GOODS_RETURNED_FACTORY_TOCONFIRM: { label: '确认重新退档口', ask: '卖家要求重新退档口，确认后该行回到“待退档口”。' },
};

export function AfterSaleLineActions({ line }: { line: OfflineReturnLineRow }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const confirm = useMutation({
    mutationFn: (id: number) => offlineApi.confirmAfterSale(id),
    onSuccess: (r) => {
      message.success(`${r.afterSaleNo} 已确认`);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
    },
  });
  if (line.afterSaleId === null) return null;
  const waiting = line.afterSaleReturnStatus ? CONFIRMS[line.afterSaleReturnStatus] : undefined;
  const id = line.afterSaleId;
  return (
    <>
      <Button type="link" size="small" onClick={() => void printReturnLabels([line])}>
        退货标签
      </Button>
      {waiting && (
        <Button
          type="link"
          size="small"
          loading={confirm.isPending}
          onClick={() =>
            modal.confirm({
              title: `${waiting.label} ${line.afterSaleNo}`,
              content: waiting.ask,
              okText: '确认',
              cancelText: '取消',
              onOk: () => confirm.mutateAsync(id),
            })
          }
        >
          {waiting.label}
        </Button>
      )}
    </>
  );
}
