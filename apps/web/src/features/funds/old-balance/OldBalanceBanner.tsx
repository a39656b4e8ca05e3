/**
 * 旧余额 banner: shown only while the organisation still has a balance from the previous system;
 * one click (confirmed) moves it into the current balance, once. Self-contained so that the
 * balance page can mount it as it is.
 */
import { fenToYuan } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Popconfirm } from 'antd';
import { ApiError } from '../../../app/api';
import { recordsApi, recordsKeys } from '../records-api';

/** A sub-account without the balance permission simply sees no banner, not an error. */
const readOldBalance = () =>
  recordsApi.oldBalance().catch((e: unknown) => {
    if (e instanceof ApiError && e.errorCode === 403) return null;
    throw e;
  });

export function OldBalanceBanner() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const old = useQuery({ queryKey: recordsKeys.oldBalance(), queryFn: readOldBalance, staleTime: 60_000 });
  const migrate = useMutation({
    mutationFn: recordsApi.migrateOldBalance,
    onSuccess: (r) => {
      if (r.alreadyMigrated) message.info('旧余额已迁移过，无需重复操作');
      else message.success(`已将旧余额 ¥${fenToYuan(r.movedFen)} 转入当前余额`);
      // The balance, its entries and the statement all changed.
      void qc.invalidateQueries({ queryKey: ['funds'] });
    },
  });
  const o = old.data;
  if (!o || o.migrated || o.amountFen <= 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={`您在旧系统还有余额 ¥${fenToYuan(o.amountFen)}`}
      description="迁移后这笔钱会转入当前余额，可用于支付代发订单和补款；迁移只能进行一次。"
      action={
        <Popconfirm title={`确定将 ¥${fenToYuan(o.amountFen)} 转入当前余额吗？`} okText="确定迁移" onConfirm={() => migrate.mutateAsync()}>
          <Button type="primary" size="small" loading={migrate.isPending}>
            迁移到当前余额
          </Button>
        </Popconfirm>
      }
    />
  );
}
