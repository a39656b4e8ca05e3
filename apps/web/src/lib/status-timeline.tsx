/**
 * The timeline of a record's status moves (an order's, an after-sale's): each entry's operation, the
 * move from one status to the next in the record's own names, who and when, and the note.
 */
import { Timeline, Typography } from 'antd';
import { formatDateTime } from './date';

export interface StatusEvent {
  operationName: string;
  fromStatus: string | null;
  toStatus: string;
  note: string;
  createdAt: string;
  actor: string;
}

export function StatusTimeline({
  events,
  statusName,
  colorOf,
}: {
  events: StatusEvent[];
  statusName: (s: string) => string;
  colorOf: (toStatus: string) => string;
}) {
  return (
    <Timeline
      items={events.map((e) => ({
        color: colorOf(e.toStatus),
        content: (
          <div>
            <Typography.Text strong>{e.operationName}</Typography.Text>{' '}
            {e.fromStatus !== e.toStatus && (
              <Typography.Text type="secondary">
                {e.fromStatus ? `${statusName(e.fromStatus)} → ` : ''}
                {statusName(e.toStatus)}
              </Typography.Text>
            )}
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(e.createdAt)} · {e.actor}
              </Typography.Text>
            </div>
            {e.note && <div>{e.note}</div>}
          </div>
        ),
      }))}
    />
  );
}
