import type { RollbackRow } from '@recon/contract';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RollbackSortColumn } from '@/features/rollbacks/api/get-rollbacks';
import { RollbackStatusTag } from '@/features/rollbacks/components/rollback-tags';
import type { RollbackUrlState } from '@/features/rollbacks/rollback-params';
import { formatDateTime } from '@/lib/format';
import { DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';

type Options = { t: TFunction; sort: RollbackUrlState['sort']; onOpen: (id: number) => void };

/** The spec's columns (rollbackId, jobName, startTime, endTime, executedBy, status), each sorted by the server. */
export function rollbackColumns({ t, sort, onOpen }: Options): ColumnsType<RollbackRow> {
  const sortable = (column: RollbackSortColumn) => ({
    key: column,
    sorter: true,
    sortOrder: sort?.column === column ? (sort.dir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');
  return [
    {
      title: t('rollbacks.rollbackId'),
      dataIndex: 'rollbackId',
      width: 110,
      ...sortable('rollbackId'),
      render: (id: number) => (
        <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(id)}>
          {t('rollbacks.rollbackNumber', { id })}
        </Button>
      ),
    },
    {
      title: t('rollbacks.jobName'),
      dataIndex: 'jobName',
      width: 240,
      ...sortable('jobName'),
      render: (name: string, row) => (
        <Flex vertical>
          <span style={{ overflowWrap: 'anywhere' }}>{name}</span>
          <Typography.Text type="secondary">{t('rollbacks.runNumber', { id: row.jobExecutionId })}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('rollbacks.startTime'),
      dataIndex: 'startTime',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      ...sortable('startTime'),
      render: dateTime,
    },
    {
      title: t('rollbacks.endTime'),
      dataIndex: 'endTime',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      ...sortable('endTime'),
      render: dateTime,
    },
    { title: t('rollbacks.executedBy'), dataIndex: 'executedBy', width: 150, ...sortable('executedBy') },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 170,
      ...sortable('status'),
      render: (status: RollbackRow['status']) => <RollbackStatusTag status={status} />,
    },
  ];
}
