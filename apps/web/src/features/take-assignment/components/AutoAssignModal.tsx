/** 自动分配设置: rules "market area → picker" and "stall → picker" (a stall rule wins), applied at payment. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoAssignRule, type TakePicker } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../../lib/zod-rule';
import { type AutoRule, takeApi, takeKeys } from '../api';

export function AutoAssignModal({ open, pickers, onClose }: { open: boolean; pickers: TakePicker[]; onClose(): void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ enabled: boolean; rules: AutoRule[] }>();
  const current = useQuery({ queryKey: takeKeys.auto(), queryFn: takeApi.getAuto, enabled: open });
  useEffect(() => {
    if (current.data)
      form.setFieldsValue({ enabled: current.data.enabled, rules: current.data.rules.map(({ type, value, pickerId }) => ({ type, value, pickerId })) });
  }, [form, current.data]);
  const save = useMutation({
    mutationFn: takeApi.setAuto,
    onSuccess: () => {
      message.success('自动分配规则已保存，新支付的拿货项将按规则分配');
      void qc.invalidateQueries({ queryKey: takeKeys.auto() });
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title="自动分配设置"
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => save.mutate({ enabled: v.enabled, rules: v.rules ?? [] }))}
    >
      <Typography.Paragraph type="secondary">
        卖家付款后，新拿货项按规则自动分配给拿货员：档口规则优先于区域规则；档口填写“市场|楼栋|楼层|档口号|档口名”（可在“按档口”视图复制）。
      </Typography.Paragraph>
      <Form form={form} initialValues={{ enabled: false, rules: [] }}>
        <Form.Item name="enabled" label="启用自动分配" valuePropName="checked">
          <Switch aria-label="启用自动分配" />
        </Form.Item>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'type']} rules={[{ required: true, message: '请选择类型' }]}>
                    <Select
                      style={{ width: 100 }}
                      options={[
                        { value: 'AREA', label: '按区域' },
                        { value: 'STALL', label: '按档口' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} rules={[zodRule(AutoAssignRule.shape.value)]}>
                    <Input style={{ width: 280 }} maxLength={300} placeholder="区域名，或 市场|楼栋|楼层|档口号|档口名" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'pickerId']} rules={[{ required: true, message: '请选择拿货员' }]}>
                    <Select style={{ width: 140 }} placeholder="拿货员" options={pickers.map((p) => ({ value: p.id, label: p.name }))} />
                  </Form.Item>
                  <Button type="text" aria-label="删除规则" icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ type: 'AREA' })} disabled={fields.length >= 500}>
                添加规则
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
