/** 满意度评价 of a solved work order: 1–5 stars and an optional comment, once per solving. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Rate } from 'antd';
import { workOrderApi, workOrderKeys } from '../api';

export function RateForm({ id }: { id: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const rate = useMutation({
    mutationFn: (v: { score: number; comment?: string }) => workOrderApi.rate({ id, score: v.score, comment: v.comment?.trim() || undefined }),
    onSuccess: () => {
      message.success('感谢您的评价');
      void qc.invalidateQueries({ queryKey: workOrderKeys.all });
    },
  });
  return (
    <Card size="small" title="满意度评价">
      <Form layout="vertical" onFinish={(v: { score: number; comment?: string }) => rate.mutate(v)}>
        <Form.Item name="score" label="本次服务满意度" rules={[{ required: true, message: '请选择满意度' }]}>
          <Rate aria-label="满意度" />
        </Form.Item>
        <Form.Item name="comment" label="评价（选填）">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={rate.isPending}>
          提交评价
        </Button>
      </Form>
    </Card>
  );
}
