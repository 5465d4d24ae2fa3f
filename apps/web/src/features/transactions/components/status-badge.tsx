import { Tag } from 'antd';
import { statusColor, statusLabel } from '@/features/transactions/status';

/** A row's status in the spec's colours, on one line (a compact table row stays one line tall). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Tag color={statusColor(status)} style={{ marginInlineEnd: 0, maxWidth: '100%', verticalAlign: 'middle' }}>
      <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {statusLabel(status)}
      </span>
    </Tag>
  );
}
