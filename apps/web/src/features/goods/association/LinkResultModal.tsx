/**
 * What a bulk write did: how many were linked, unchanged, skipped, and each conflict (an existing
 * different link, left as it was). The caller may offer to overwrite the conflicts explicitly.
 */
import type { LinkImportResult, LinkResult } from '@dropship/contract';
import { Alert, Button, Modal, Space, Table, Typography } from 'antd';

export interface ShownResult {
  title: string;
  result: LinkResult & Partial<Pick<LinkImportResult, 'skipped'>>;
  /** Offered when there are conflicts: repeat the same write with overwrite. */
  onOverwrite?: () => void;
}

export function LinkResultModal({ shown, overwriting, onClose }: { shown: ShownResult | null; overwriting?: boolean; onClose: () => void }) {
  const r = shown?.result;
  return (
    <Modal
      title={shown?.title}
      open={shown !== null}
      onCancel={onClose}
      width={760}
      footer={
        <Space>
          {r && r.conflicts.length > 0 && shown?.onOverwrite && (
            <Button danger loading={overwriting} onClick={shown.onOverwrite}>
              覆盖这{r.conflicts.length}个冲突
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            知道了
          </Button>
        </Space>
      }
    >
      {r && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text data-testid="link-result">
            新关联 {r.linked} 个，未变化 {r.unchanged} 个{r.skipped !== undefined ? `，跳过未填档口和货号的 ${r.skipped} 行` : ''}
            {r.conflicts.length > 0 ? `，冲突 ${r.conflicts.length} 个` : ''}
            {r.failed.length > 0 ? `，失败 ${r.failed.length} 个` : ''}
          </Typography.Text>
          {r.conflicts.length > 0 && (
            <>
              <Alert type="warning" showIcon title="以下商品已关联到其他货号，未做修改。确认要改为新的货号时，可点“覆盖”。" />
              <Table
                size="small"
                rowKey="shopSkuId"
                pagination={{ pageSize: 8, hideOnSinglePage: true }}
                dataSource={r.conflicts}
                columns={[
                  { title: '商品', dataIndex: 'title', render: (t: string, c) => `${t} ${c.spec}` },
                  { title: '现在的关联', dataIndex: 'current' },
                  { title: '新的关联', dataIndex: 'proposed' },
                ]}
              />
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}
