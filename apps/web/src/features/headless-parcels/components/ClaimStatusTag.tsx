import { HEADLESS_CLAIM_STATUS_NAMES, type HeadlessClaimStatus } from '@dropship/contract';
import { Tag } from 'antd';

const COLORS: Record<HeadlessClaimStatus, string> = { PROPOSED: 'purple', PENDING: 'blue', CONFIRMED: 'green', REFUSED: 'red' };

export function ClaimStatusTag({ status }: { status: HeadlessClaimStatus }) {
  return <Tag color={COLORS[status]}>{HEADLESS_CLAIM_STATUS_NAMES[status]}</Tag>;
}
