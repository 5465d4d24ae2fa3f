import type { AuditLogRow } from '@recon/contract';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The expanded row: request id, module and every detail the server recorded. */
export function AuditLogDetails({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation();
  const details = Object.entries(row.details);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={[
        { key: 'requestId', label: t('audit.requestId'), children: row.requestId ?? '' },
        { key: 'moduleId', label: t('audit.module'), children: row.moduleId ?? '' },
        ...(details.length === 0
          ? [
              {
                key: 'none',
                label: t('audit.details'),
                children: <Typography.Text type="secondary">{t('audit.noDetails')}</Typography.Text>,
              },
            ]
          : details.map(([key, value]) => ({
              key: `detail-${key}`,
              label: key,
              children: <Typography.Text style={{ wordBreak: 'break-all' }}>{show(value)}</Typography.Text>,
            }))),
      ]}
    />
  );
}
