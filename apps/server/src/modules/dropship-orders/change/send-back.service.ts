/**
 * cancelSendBack (POST /api/b2/post/orders/cancel/sendBack): the seller chose to have a problem
 * parcel sent back and has not paid its freight yet (WAITING_PAYMENT); cancelling puts it back to
 * WAITING_PROCESS, to decide again before its deadline. A paid send-back (WAITING_RETURN) is on its
 * way out of the warehouse and is refused: refunding its freight belongs to after-sales, whose
 * problem-parcel table has no fee yet (docs/decisions/0010-dropship-orders.md).
 */
import { ErrorCode } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { Caller } from '../../../plugins/auth.js';
import * as repo from './send-back.repository.js';

const WHY: Record<string, string> = {
  WAITING_PROCESS: '该问题件还没有申请寄回',
  WAITING_RETURN: '寄回运费已支付，仓库正在寄回，不能取消；如有问题请联系客服',
  SEND_BACKED: '该问题件已寄回',
  DISCARD: '该问题件已弃件',
};

export async function cancelSendBack(db: Db, caller: Pick<Caller, 'orgId'>, id: number) {
  return inTransaction(db, async (t) => {
    const p = await repo.lockParcel(t, caller.orgId, id);
    if (!p) throw notFound('问题件');
    if (p.status !== 'WAITING_PAYMENT') {
      throw new AppError(ErrorCode.DROPSHIP_SEND_BACK_NOT_CANCELABLE, `不能取消寄回：${WHY[p.status] ?? '该问题件不是待支付寄回状态'}`);
    }
    if (!(await repo.backToProcess(t, caller.orgId, id))) throw new AppError(ErrorCode.DROPSHIP_SEND_BACK_NOT_CANCELABLE);
    return { id: p.id, status: 'WAITING_PROCESS' };
  });
}
