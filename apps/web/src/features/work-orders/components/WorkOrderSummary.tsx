/** The facts of a work order above its conversation. */
import { WORK_ORDER_LINK_LABELS, WORK_ORDER_STATUS_LABELS, WORK_ORDER_TYPE_LABELS, type WorkOrderDetail } from '@dropship/contract';
import { Descriptions, Rate, Tag } from 'antd';
import { formatDateTime } from '../../../lib/date';
import { STATUS_COLORS } from '../work-order-list';

export function WorkOrderSummary({ detail }: { detail: WorkOrderDetail }) {
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 12 }}>
      <Descriptions.Item label="工单号">{detail.workOrderNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={STATUS_COLORS[detail.status]} data-testid="work-order-status">
          {WORK_ORDER_STATUS_LABELS[detail.status]}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label="类型">{WORK_ORDER_TYPE_LABELS[detail.type]}</Descriptions.Item>
      <Descriptions.Item label="关联单号">
        {detail.linkKind && detail.linkNo ? `${WORK_ORDER_LINK_LABELS[detail.linkKind]} ${detail.linkNo}` : '—'}
      </Descriptions.Item>
      {detail.orgName !== undefined && <Descriptions.Item label="机构">{detail.orgName}</Descriptions.Item>}
      <Descriptions.Item label="提交时间">{formatDateTime(detail.createdAt)}</Descriptions.Item>
      {detail.score !== null && (
        <Descriptions.Item label="满意度">
          <Rate disabled value={detail.score} /> {detail.comment ?? ''}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
