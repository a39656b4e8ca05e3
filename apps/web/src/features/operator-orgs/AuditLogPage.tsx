/** 操作日志 (/operator/auditLog): every operator change and binding event: who, what, when, before/after. */
import { AUDIT_ACTIONS, type AuditRow } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/date';
import { operatorOrgsApi, operatorOrgsKeys } from './operator-orgs-api';

export default function AuditLogPage() {
  const [filters, setFilters] = useState<{ action?: string; pageNo: number; pageSize: number }>({ pageNo: 1, pageSize: 20 });
  const page = useQuery({ queryKey: operatorOrgsKeys.audit(filters), queryFn: () => operatorOrgsApi.audit(filters) });
  return (
    <div>
      <Typography.Title level={4}>操作日志</Typography.Title>
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="操作"
          style={{ width: 180 }}
          options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
          onChange={(action) => setFilters((f) => ({ ...f, action, pageNo: 1 }))}
        />
      </Space>
      <Table<AuditRow>
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
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '操作人', dataIndex: 'actor' },
          { title: '操作', dataIndex: 'actionName' },
          { title: '对象机构', dataIndex: 'targetOrgName', render: (v: string | null) => v ?? '-' },
          { title: '内容', dataIndex: 'summary', ellipsis: true },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
    </div>
  );
}
