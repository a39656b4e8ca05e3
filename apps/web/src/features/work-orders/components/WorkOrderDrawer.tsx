/**
 * One work order in a drawer: its facts, the conversation and the actions the caller's side may take
 * from its status (WORK_ORDER_TRANSITIONS). Opening it reads the other side's replies, so the
 * header's message count is asked again.
 */
import { WORK_ORDER_REOPEN_DAYS, WORK_ORDER_TRANSITIONS, type WorkOrderOperation, type WorkOrderStatus } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Drawer, Empty, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { consoleWorkOrderApi, workOrderApi, workOrderKeys } from '../api';
import { Conversation } from './Conversation';
import { RateForm } from './RateForm';
import { ReplyBox } from './ReplyBox';
import { WorkOrderSummary } from './WorkOrderSummary';

const can = (op: WorkOrderOperation, s: WorkOrderStatus) => (WORK_ORDER_TRANSITIONS[op] as readonly WorkOrderStatus[]).includes(s);

export function WorkOrderDrawer({ id, console = false, onClose }: { id: number | null; console?: boolean; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const api = console ? consoleWorkOrderApi : workOrderApi;
  const d = useQuery({ queryKey: workOrderKeys.detail(console, id ?? 0), queryFn: () => api.detail(id ?? 0), enabled: id !== null });
  useEffect(() => {
    // The detail call read the replies: the header's unread count and the list's marks change.
    if (!d.dataUpdatedAt) return;
    if (!console) void qc.invalidateQueries({ queryKey: ['shell', 'unread'] });
    void qc.invalidateQueries({ queryKey: [...workOrderKeys.all, console ? 'console' : 'mine', 'page'] });
  }, [d.dataUpdatedAt, console, qc]);
  const refresh = (text: string) => {
    message.success(text);
    return qc.invalidateQueries({ queryKey: workOrderKeys.all });
  };
  const act = useMutation({
    mutationFn: ({ run }: { run: () => Promise<unknown>; done: string }) => run(),
    onSuccess: (_, v) => refresh(v.done),
  });
  const reply = useMutation({
    mutationFn: (v: { content: string; images: string[] }) => api.reply(id ?? 0, v.content, v.images),
    onSuccess: () => refresh('回复已发送'),
  });
  const w = d.data;
  const confirm = (title: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({ title, okText: '确定', cancelText: '取消', onOk: () => act.mutateAsync({ run, done }) });
  const replyOp: WorkOrderOperation = console ? 'operatorReply' : 'customerReply';

  return (
    <Drawer title={w ? `工单：${w.title}` : '工单详情'} open={id !== null} onClose={onClose} size="large" destroyOnHidden>
      {!w ? (
        <Spin spinning={d.isFetching}>
          <Empty description={d.isError ? '加载失败' : '加载中'} />
        </Spin>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <WorkOrderSummary detail={w} />
          <Space wrap>
            {console && can('accept', w.status) && (
              <Button onClick={() => act.mutate({ run: () => consoleWorkOrderApi.accept(w.id), done: '已受理' })} loading={act.isPending}>
                受理
              </Button>
            )}
            {can('resolve', w.status) && (
              <Button onClick={() => confirm(console ? '将工单标记为已解决？' : '确认问题已解决？', () => api.resolve(w.id), '工单已解决')}>
                {console ? '标记已解决' : '确认已解决'}
              </Button>
            )}
            {can('close', w.status) && (
              <Button danger onClick={() => confirm('关闭后不能再回复，确定关闭工单？', () => api.close(w.id), '工单已关闭')}>
                关闭工单
              </Button>
            )}
            {!console && w.canReopen && (
              <Button onClick={() => act.mutate({ run: () => workOrderApi.reopen(w.id), done: '工单已重新打开' })} loading={act.isPending}>
                重新打开
              </Button>
            )}
          </Space>
          <Conversation detail={w} opener={console ? (w.orgName ?? '客户') : '我'} />
          {can(replyOp, w.status) ? (
            <>
              <Divider style={{ margin: '8px 0' }} />
              <ReplyBox sending={reply.isPending} onSend={(content, images) => reply.mutateAsync({ content, images })} />
            </>
          ) : (
            <Alert
              type="info"
              showIcon
              title={
                w.status === 'CLOSED'
                  ? `工单已关闭，不能回复${console ? '' : `；关闭后${WORK_ORDER_REOPEN_DAYS}天内可重新打开`}`
                  : `工单已解决${console ? '' : `；如问题仍在，${WORK_ORDER_REOPEN_DAYS}天内可重新打开`}`
              }
            />
          )}
          {!console && can('rate', w.status) && w.score === null && <RateForm id={w.id} />}
        </Space>
      )}
    </Drawer>
  );
}
