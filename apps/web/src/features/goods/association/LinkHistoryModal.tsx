/** Every version of one SKU's link, newest first: placed orders keep the version they were placed with. */
import { useQuery } from '@tanstack/react-query';
import { Modal, Table, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { goodsApi, goodsKeys } from '../api';
import { yuanLabel } from '../components/price';

const SOURCES: Record<string, string> = { MANUAL: '手动', BULK: '批量', RULE: '规则', IMPORT: '导入', COST: '改价', SEED: '初始' };

export function LinkHistoryModal({ sku, onClose }: { sku: { id: number; title: string } | null; onClose: () => void }) {
  const history = useQuery({ queryKey: goodsKeys.history(sku?.id ?? 0), queryFn: () => goodsApi.history(sku?.id ?? 0), enabled: sku !== null });
  return (
    <Modal title={`关联历史：${sku?.title ?? ''}`} open={sku !== null} onCancel={onClose} footer={null} width={820}>
      <Table
        size="small"
        rowKey="linkId"
        loading={history.isFetching}
        dataSource={history.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '版本', dataIndex: 'version', render: (v: number, r) => (r.replacedAt ? `v${v}` : <Tag color="green">v{v} 当前</Tag>) },
          { title: '档口', dataIndex: 'supplierName' },
          { title: '货号', dataIndex: 'artNo' },
          { title: '颜色/尺码', key: 'cs', render: (_: unknown, r) => [r.color, r.size].filter(Boolean).join('/') || '—' },
          { title: '成本价', dataIndex: 'costFen', render: (f: number | null) => yuanLabel(f) },
          { title: '方式', dataIndex: 'source', render: (s: string) => SOURCES[s] ?? s },
          { title: '关联时间', dataIndex: 'createdAt', render: (d: string) => formatDateTime(d) },
          { title: '失效时间', dataIndex: 'replacedAt', render: (d: string | null) => (d ? formatDateTime(d) : '—') },
        ]}
      />
    </Modal>
  );
}
