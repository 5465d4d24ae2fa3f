import { Tag } from 'antd';
import { statusColor, statusLabel } from '@/features/transactions/status';

/** A row's status in the spec's colours, at most two lines. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Tag color={statusColor(status)} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
      <span style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {statusLabel(status)}
      </span>
    </Tag>
  );
}
