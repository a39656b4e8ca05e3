/**
 * 机构管理 (/operator/orgs): the operator searches sellers and purchasers, opens one, disables or
 * enables it (a disabled organisation's sign-ins end at once), resets its main account's
 * password (shown once), signs in as support, and creates a purchaser with its main account.
 */
import type { OrgRow, PurchaserCreateBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storeIdentity } from '../../app/session';
import { formatDateTime } from '../../lib/date';
import { operatorOrgsApi, operatorOrgsKeys } from './operator-orgs-api';

const TYPE: Record<string, string> = { seller: '卖家', purchaser: '采购商' };

type Filters = { keyword?: string; type?: 'seller' | 'purchaser'; state?: 'ENABLED' | 'DISABLED'; pageNo: number; pageSize: number };

function OrgDetailDrawer({ orgId, onClose }: { orgId: number | null; onClose: () => void }) {
  const detail = useQuery({ queryKey: operatorOrgsKeys.detail(orgId ?? 0), queryFn: () => operatorOrgsApi.detail(orgId ?? 0), enabled: orgId !== null });
  const d = detail.data;
  return (
    <Drawer open={orgId !== null} onClose={onClose} title="机构详情" size={480}>
      {d && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="名称">{d.name}</Descriptions.Item>
          <Descriptions.Item label="类型">{TYPE[d.type] ?? d.type}</Descriptions.Item>
          <Descriptions.Item label="状态">{d.state === 'ENABLED' ? '启用' : '停用'}</Descriptions.Item>
          <Descriptions.Item label="主账号">{d.mainUsername ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="主账号手机">{d.mainPhone || '-'}</Descriptions.Item>
          <Descriptions.Item label="账号数">{d.userCount}</Descriptions.Item>
          {d.type === 'seller' && <Descriptions.Item label="服务采购商">{d.purchaserName ?? '-'}</Descriptions.Item>}
          {d.type === 'purchaser' && (
            <>
              <Descriptions.Item label="仓库地址">{d.warehouseAddress ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="市场区域">{d.marketAreas.join('、') || '-'}</Descriptions.Item>
              <Descriptions.Item label="绑定卖家数">{d.sellerCount}</Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="创建时间">{formatDateTime(d.createdAt)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/** Asks for the reason an audited action needs. */
function ReasonModal({
  title,
  open,
  onOk,
  onCancel,
  loading,
}: {
  title: string;
  open: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
  loading: boolean;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={() => form.validateFields().then((v) => onOk(v.reason))}
      confirmLoading={loading}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="原因（记入操作日志）" rules={[{ required: true, whitespace: true, message: '请输入原因' }]}>
          <Input.TextArea maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CreatePurchaserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<PurchaserCreateBody>();
  const create = useMutation({
    mutationFn: (b: PurchaserCreateBody) => operatorOrgsApi.createPurchaser({ ...b, password: b.password || undefined, phone: b.phone || undefined }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ['operatorOrgs'] });
      onClose();
      modal.success({
        title: '采购商已创建',
        content: r.initialPassword ? (
          <span>
            主账号 {r.username} 的初始密码：
            <Typography.Text copyable strong>
              {r.initialPassword}
            </Typography.Text>
            （只显示这一次）
          </span>
        ) : (
          `主账号 ${r.username} 已创建，使用您设置的密码登录`
        ),
      });
    },
  });
  return (
    <Modal
      title="新建采购商"
      open={open}
      onCancel={onClose}
      onOk={() => form.validateFields().then((v) => create.mutate(v))}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="name" label="采购商名称" rules={[{ required: true, whitespace: true, message: '请输入采购商名称' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="warehouseAddress" label="仓库地址" rules={[{ required: true, whitespace: true, message: '请输入仓库地址' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="marketAreas" label="市场区域" rules={[{ required: true, message: '请至少填写一个市场区域' }]}>
          <Select mode="tags" placeholder="输入后回车，如 白马、十三行" tokenSeparators={[',', '，']} />
        </Form.Item>
        <Form.Item
          name="username"
          label="主账号"
          rules={[
            { required: true, message: '请输入主账号' },
            { pattern: /^[A-Za-z0-9_@.-]{4,32}$/, message: '主账号为4到32位字母、数字或 _ @ . -' },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="phone" label="主账号手机（用于找回密码）" rules={[{ pattern: /^1[3-9]\d{9}$/, message: '手机号必须是11位手机号码' }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="password" label="初始密码（留空则自动生成并只显示一次）" rules={[{ min: 8, message: '密码至少8位' }]}>
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function OrgsPage() {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>({ pageNo: 1, pageSize: 20 });
  const [detailOf, setDetailOf] = useState<number | null>(null);
  const [stateOf, setStateOf] = useState<OrgRow | null>(null);
  const [supportOf, setSupportOf] = useState<OrgRow | null>(null);
  const [creating, setCreating] = useState(false);
  const page = useQuery({ queryKey: operatorOrgsKeys.page(filters), queryFn: () => operatorOrgsApi.page(filters) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['operatorOrgs'] });

  const setState = useMutation({
    mutationFn: operatorOrgsApi.setState,
    onSuccess: (r) => {
      message.success(r.state === 'DISABLED' ? '已停用，该机构的所有登录已退出' : '已启用');
      setStateOf(null);
      refresh();
    },
  });
  const reset = useMutation({
    mutationFn: operatorOrgsApi.resetMainPassword,
    onSuccess: (r) =>
      modal.success({
        title: '主账号密码已重置',
        content: (
          <span>
            {r.username} 的新密码：
            <Typography.Text copyable strong>
              {r.password}
            </Typography.Text>
            （只显示这一次，该账号的登录已全部退出）
          </span>
        ),
      }),
  });
  const support = useMutation({
    mutationFn: operatorOrgsApi.supportSignIn,
    onSuccess: (r) => {
      storeIdentity(r);
      qc.clear();
      navigate('/home');
    },
  });

  return (
    <div>
      <Typography.Title level={4}>机构管理</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="机构名称、主账号或手机号"
          allowClear
          maxLength={50}
          style={{ width: 260 }}
          onSearch={(keyword) => setFilters((f) => ({ ...f, keyword: keyword || undefined, pageNo: 1 }))}
        />
        <Select
          allowClear
          placeholder="类型"
          style={{ width: 120 }}
          options={[
            { value: 'seller', label: '卖家' },
            { value: 'purchaser', label: '采购商' },
          ]}
          onChange={(type) => setFilters((f) => ({ ...f, type, pageNo: 1 }))}
        />
        <Select
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          options={[
            { value: 'ENABLED', label: '启用' },
            { value: 'DISABLED', label: '停用' },
          ]}
          onChange={(state) => setFilters((f) => ({ ...f, state, pageNo: 1 }))}
        />
        <Button type="primary" onClick={() => setCreating(true)}>
          新建采购商
        </Button>
      </Space>
      <Table<OrgRow>
        rowKey="id"
        size="small"
        loading={page.isLoading}
        dataSource={page.data?.list ?? []}
        pagination={{
          current: filters.pageNo,
          pageSize: filters.pageSize,
          total: page.data?.total ?? 0,
          showTotal: (n) => `共 ${n} 条`,
          onChange: (pageNo, pageSize) => setFilters((f) => ({ ...f, pageNo, pageSize })),
        }}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'type', render: (t: string) => TYPE[t] ?? t },
          { title: '主账号', dataIndex: 'mainUsername' },
          { title: '主账号手机', dataIndex: 'mainPhone' },
          { title: '状态', dataIndex: 'state', render: (s: string) => (s === 'ENABLED' ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>) },
          { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: '操作',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setDetailOf(r.id)}>
                  详情
                </Button>
                <Button type="link" size="small" danger={r.state === 'ENABLED'} onClick={() => setStateOf(r)}>
                  {r.state === 'ENABLED' ? '停用' : '启用'}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    modal.confirm({
                      title: `重置「${r.name}」主账号的密码？`,
                      content: '将生成新密码并只显示一次，该账号的所有登录会退出。',
                      onOk: () => reset.mutateAsync(r.id),
                    })
                  }
                >
                  重置主账号密码
                </Button>
                <Button type="link" size="small" disabled={r.state !== 'ENABLED'} onClick={() => setSupportOf(r)}>
                  支持登录
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <OrgDetailDrawer orgId={detailOf} onClose={() => setDetailOf(null)} />
      <ReasonModal
        title={stateOf ? `${stateOf.state === 'ENABLED' ? '停用' : '启用'}「${stateOf.name}」` : ''}
        open={stateOf !== null}
        loading={setState.isPending}
        onCancel={() => setStateOf(null)}
        onOk={(reason) => stateOf && setState.mutate({ orgId: stateOf.id, state: stateOf.state === 'ENABLED' ? 'DISABLED' : 'ENABLED', reason })}
      />
      <ReasonModal
        title={supportOf ? `以支持模式登录「${supportOf.name}」` : ''}
        open={supportOf !== null}
        loading={support.isPending}
        onCancel={() => setSupportOf(null)}
        onOk={(reason) => supportOf && support.mutate({ orgId: supportOf.id, reason })}
      />
      <CreatePurchaserModal open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
