import type { RollbackRecord } from '@recon/contract';
import { Empty, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RollbackStepTag } from '@/features/rollbacks/components/rollback-tags';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth, DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';

/** What each kind of step reports, in the order shown. */
const COUNT_KEYS = ['stateRowsRemoved', 'statesRestored', 'rows', 'invalidRows', 'files'] as const;

/** The steps of a rollback in the order they run, what each undid and why one failed. */
export function RollbackRecords({ records }: { records: readonly RollbackRecord[] }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const columns: ColumnsType<RollbackRecord> = [
    { title: t('rollbacks.sequence'), dataIndex: 'sequence', width: 60, align: 'right' },
    {
      title: t('rollbacks.step'),
      key: 'step',
      width: 280,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {r.reconRunId ? t('rollbacks.entityRun', { name: r.entityName, id: r.reconRunId }) : r.entityName}
          </Typography.Text>
          <Typography.Text type="secondary">{r.entityKindLabel}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 140,
      render: (s: RollbackRecord['status']) => <RollbackStepTag status={s} />,
    },
    {
      title: t('rollbacks.undone'),
      key: 'counts',
      width: 260,
      render: (_, r) => (
        <Flex vertical>
          {COUNT_KEYS.filter((k) => r.counts[k] !== undefined).map((k) => (
            <span key={k}>
              {t(`rollbacks.counts.${k}`)}: {formatNumber(r.counts[k] ?? 0, locale, 0)}
            </span>
          ))}
          {r.errorMessage && <Typography.Text type="danger">{r.errorMessage}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('rollbacks.startedAt'),
      dataIndex: 'startedAt',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
    {
      title: t('rollbacks.finishedAt'),
      dataIndex: 'finishedAt',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      render: (v: string | null) => (v ? formatDateTime(v) : '—'),
    },
  ];
  return (
    <Table<RollbackRecord>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...records]}
      columns={columns}
      scroll={{ x: columnsWidth(columns) }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rollbacks.noRecords')} /> }}
    />
  );
}
