/** A return line's return-to-factory status (SPEC.md section 4) as a coloured tag; null = not signed in yet. */
import { RETURN_TO_FACTORY_STATUS_NAMES, type ReturnToFactoryStatus } from '@dropship/contract';
import { Tag } from 'antd';
import type { z } from 'zod';

type Status = z.infer<typeof ReturnToFactoryStatus>;
const COLORS: Record<Status, string> = {
  WAITING_ASSIGNED: 'orange',
  WAIT_FACTORY: 'blue',
  FACTORY_REFUSE: 'red',
  FACTORY_RETURNED: 'green',
  STOP_RETURNED: 'default',
};

export function ReturnStatusTag({ status }: { status: Status | null }) {
  if (!status) return <Tag>未签收</Tag>;
  return <Tag color={COLORS[status]}>{RETURN_TO_FACTORY_STATUS_NAMES[status]}</Tag>;
}
