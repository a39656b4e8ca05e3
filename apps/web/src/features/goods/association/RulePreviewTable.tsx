/** What a rule would do: counts per outcome and the first rows of the chosen outcome. */
import { RULE_OUTCOME_NAMES, type RuleOutcome, type RulePreviewResult, type RulePreviewRow } from '@dropship/contract';
import { Segmented, Space, Table, Tag } from 'antd';
import { yuanLabel } from '../components/price';

const COLORS: Record<RuleOutcome, string> = { NEW: 'green', SAME: 'default', CONFLICT: 'orange', UNMATCHED: 'red' };

interface Props {
  preview: RulePreviewResult;
  outcome: RuleOutcome | 'ALL';
  loading: boolean;
  onOutcome: (o: RuleOutcome | 'ALL') => void;
}

export function RulePreviewTable({ preview, outcome, loading, onOutcome }: Props) {
  const options = [
    { value: 'ALL', label: `全部 ${preview.total}` },
    ...(Object.keys(RULE_OUTCOME_NAMES) as RuleOutcome[]).map((o) => ({ value: o, label: `${RULE_OUTCOME_NAMES[o]} ${preview.counts[o]}` })),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Segmented aria-label="预览结果" value={outcome} options={options} onChange={(v) => onOutcome(v as RuleOutcome | 'ALL')} />
      <Table<RulePreviewRow>
        size="small"
        rowKey="shopSkuId"
        loading={loading}
        dataSource={preview.rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '没有符合的商品' }}
        columns={[
          { title: '商品', dataIndex: 'title', render: (t: string, r) => `${t} ${r.spec}` },
          { title: '匹配内容', dataIndex: 'sourceText' },
          { title: '结果', dataIndex: 'outcome', render: (o: RuleOutcome) => <Tag color={COLORS[o]}>{RULE_OUTCOME_NAMES[o]}</Tag> },
          {
            title: '将关联到',
            key: 'to',
            render: (_: unknown, r) =>
              r.outcome === 'UNMATCHED' ? r.reason : `${r.supplierName} ${r.artNo} ${[r.color, r.size].filter(Boolean).join('/')} ${yuanLabel(r.costFen)}`,
          },
          { title: '现在的关联', dataIndex: 'current', render: (c: string) => c || '—' },
        ]}
      />
    </Space>
  );
}
