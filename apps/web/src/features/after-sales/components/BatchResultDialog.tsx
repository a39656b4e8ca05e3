/** What a batch action did: how many went through, and each that did not with the server's reason. */
import type { AfterSaleBatchResult } from '@dropship/contract';
import { Alert, Modal, Table } from 'antd';

interface Props {
  title: string;
  result: AfterSaleBatchResult | null;
  onClose(): void;
}

export function BatchResultDialog({ title, result, onClose }: Props) {
  const failed = result?.failed ?? [];
  return (
    <Modal
      title={title}
      open={result !== null}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText="知道了"
      width={640}
    >
      <Alert
        type={failed.length ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={`成功 ${result?.done.length ?? 0} 个，失败 ${failed.length} 个`}
      />
      {failed.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={failed}
          columns={[
            { title: '售后单号', dataIndex: 'afterSaleNo', width: 200 },
            { title: '失败原因', dataIndex: 'message' },
          ]}
        />
      )}
    </Modal>
  );
}
