import type { RollbackDependency } from '@recon/contract';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RollbackStepTag } from '@/features/rollbacks/components/rollback-tags';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth, DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';

/** Recon runs outside the rolled-back run that used its data: who did what, when, and why it depends on it. */
export function RollbackDependencies({ dependencies }: { dependencies: readonly RollbackDependency[] }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const columns: ColumnsType<RollbackDependency> = [
    {
      title: t('rollbacks.reconRun'),
      key: 'run',
      width: 240,
      render: (_, d) => (
        <Flex vertical>
          <Typography.Text strong>{t('rollbacks.entityRun', { name: d.kindLabel, id: d.runId })}</Typography.Text>
          <Typography.Text type="secondary">{d.reconName}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('rollbacks.by'),
      key: 'by',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      render: (_, d) => (
        <Flex vertical>
          <span>{formatDateTime(d.startedAt)}</span>
          {d.startedBy && <Typography.Text type="secondary">{d.startedBy}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('rollbacks.reason'),
      key: 'reason',
      width: 240,
      render: (_, d) => (
        <Flex vertical>
          <span>{t(`rollbacks.reasons.${d.reason}`)}</span>
          {d.dependsOnRunId && (
            <Typography.Text type="secondary">{t('rollbacks.dependsOn', { id: d.dependsOnRunId })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('rollbacks.rowsClosed'),
      dataIndex: 'rowsClosed',
      width: 110,
      align: 'right',
      render: (n: number) => formatNumber(n, locale, 0),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 160,
      render: (s: RollbackDependency['status']) => <RollbackStepTag status={s} />,
    },
  ];
  return (
    <Table<RollbackDependency>
      rowKey="runId"
      size="small"
      pagination={false}
      dataSource={[...dependencies]}
      columns={columns}
      scroll={{ x: columnsWidth(columns) }}
    />
  );
}
