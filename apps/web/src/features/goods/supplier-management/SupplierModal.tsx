/**
 * Adds a supplier from the shared stall directory (its fields copied, with the seller's own code
 * and notes) or by hand; edits one. The code is what link rules match (档口#货号).
 */
import { type StallDirectoryRow, StallFields, type SupplierRow, type SupplierSaveBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Form, Input, Modal, Segmented, Select } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../lib/zod-rule';
import { goodsApi, goodsKeys } from '../api';

export type Editing = { mode: 'create' } | { mode: 'edit'; row: SupplierRow };

const FIELDS: [keyof SupplierSaveBody, string, number, string?][] = [
  ['market', '市场', 40, '如 广州十三行、杭州四季青'],
  ['building', '楼栋/区', 40, '如 新中国大厦'],
  ['floor', '楼层', 20, '如 3楼'],
  ['stallNo', '档口号', 40, '如 3312'],
  ['contact', '联系人', 30],
  ['phone', '联系电话', 20],
  ['address', '厂家地址', 200, '退货标签上打印的厂家地址'],
  ['marketArea', '拿货区域', 40, '拿货任务按区域分配，如 十三行、沙河'],
];

const stallText = (d: StallDirectoryRow) => [d.market, d.building, d.floor, d.stallNo, d.name].filter(Boolean).join(' ');

export function SupplierModal({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [mode, setMode] = useState<'directory' | 'manual'>('directory');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<StallDirectoryRow | null>(null);
  const creating = editing?.mode === 'create';
  const fromDirectory = creating && mode === 'directory';
  const directory = useQuery({ queryKey: goodsKeys.directory(keyword), queryFn: () => goodsApi.searchDirectory(keyword), enabled: fromDirectory });

  const save = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      if (fromDirectory) {
        if (!picked) throw new Error('请从档口库中选择档口');
        return goodsApi.addFromDirectory({ directoryId: picked.id, code: v.code ?? '', remark: v.remark ?? '' });
      }
      return goodsApi.saveSupplier({ ...v, ...(editing?.mode === 'edit' ? { id: editing.row.id } : {}) });
    },
    onSuccess: () => {
      message.success('供应商已保存');
      void qc.invalidateQueries({ queryKey: goodsKeys.all });
      void qc.invalidateQueries({ queryKey: ['shell', 'supplierExists'] });
      close();
    },
  });
  const close = () => {
    setPicked(null);
    setKeyword('');
    setMode('directory');
    onClose();
  };

  return (
    <Modal
      title={creating ? '新增供应商' : '编辑供应商'}
      open={editing !== null}
      onCancel={close}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      destroyOnHidden
      width={640}
    >
      {creating && (
        <Segmented
          style={{ marginBottom: 16 }}
          value={mode}
          onChange={(m) => setMode(m as 'directory' | 'manual')}
          options={[
            { value: 'directory', label: '从档口库添加' },
            { value: 'manual', label: '手动填写' },
          ]}
        />
      )}
      <Form form={form} layout="vertical" preserve={false} initialValues={editing?.mode === 'edit' ? editing.row : {}}>
        {fromDirectory ? (
          <>
            <Form.Item label="档口" required>
              <Select
                aria-label="搜索档口库"
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入市场、档口号或档口名称搜索"
                loading={directory.isFetching}
                value={picked?.id}
                onChange={(id) => setPicked(directory.data?.find((d) => d.id === id) ?? null)}
                options={(directory.data ?? []).map((d) => ({ value: d.id, label: stallText(d) }))}
                notFoundContent="档口库中没有找到，可切换到“手动填写”"
              />
            </Form.Item>
            {picked && (
              <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label="联系人">{picked.contact || '—'}</Descriptions.Item>
                <Descriptions.Item label="电话">{picked.phone || '—'}</Descriptions.Item>
                <Descriptions.Item label="拿货区域">{picked.marketArea || '—'}</Descriptions.Item>
                <Descriptions.Item label="厂家地址">{picked.address || '—'}</Descriptions.Item>
              </Descriptions>
            )}
          </>
        ) : (
          <>
            <Form.Item name="name" label="档口名称" rules={[zodRule(StallFields.shape.name)]}>
              <Input maxLength={60} />
            </Form.Item>
            {FIELDS.map(([name, label, max, placeholder]) => (
              <Form.Item key={name} name={name} label={label}>
                <Input maxLength={max} placeholder={placeholder} />
              </Form.Item>
            ))}
          </>
        )}
        <Form.Item
          name="code"
          label="档口编码"
          extra="商家编码写成“档口编码#货号”时，按规则关联会用它找到档口"
          rules={[{ pattern: /^[^\s#\-_/|,，;；]*$/, message: '档口编码不能包含空格和分隔符（# - _ / | , ;）' }]}
        >
          <Input maxLength={30} placeholder="如 XZG3312" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
