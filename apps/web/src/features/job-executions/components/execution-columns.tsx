import type { JobExecutionRow } from '@recon/contract';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ExecutionSortColumn } from '@/features/job-executions/api/get-job-executions';
import { RunStatusTag } from '@/features/job-executions/components/status-tags';
import { batchText, cycleText, formatDuration } from '@/features/job-executions/execution-format';
import type { ExecutionUrlState } from '@/features/job-executions/execution-params';
import { formatDate, formatDateTime } from '@/lib/format';
import { columnsWidth, DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';

type Options = { t: TFunction; sort: ExecutionUrlState['sort']; onOpen: (id: number) => void };

/** The job name's least width, in pixels: it takes what the other columns leave. */
const JOB_NAME_MIN_WIDTH = 140;

/** The table's least width (its `scroll.x`): every column at its width, the job name at its least. */
export function executionTableWidth(columns: ColumnsType<JobExecutionRow>): number {
  return columnsWidth(columns) + JOB_NAME_MIN_WIDTH;
}

/** The list's columns; the sortable ones are sorted by the server, keyed by their DataTables column. */
export function executionColumns({ t, sort, onOpen }: Options): ColumnsType<JobExecutionRow> {
  const sortable = (column: ExecutionSortColumn) => ({
    key: column,
    sorter: true,
    sortOrder: sort?.column === column ? (sort.dir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const dateTime = (value: string | null) => formatDateTime(value);
  return [
    { title: t('jobExecutions.id'), dataIndex: 'id', width: 80, align: 'right', ...sortable('id') },
    {
      title: t('jobExecutions.job'),
      dataIndex: 'jobName',
      ...sortable('jobName'),
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => onOpen(row.id)}
        >
          {name}
        </Button>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 150,
      ...sortable('status'),
      render: (status: string, row) => (
        <>
          <RunStatusTag status={status} />
          {row.errorMessage && (
            <Typography.Paragraph
              type="danger"
              ellipsis={{ rows: 2, tooltip: row.errorMessage }}
              style={{ margin: '4px 0 0', fontSize: 12 }}
            >
              {row.errorMessage}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    {
      title: t('jobExecutions.trigger'),
      dataIndex: 'trigger',
      width: 95,
      ...sortable('trigger'),
      render: (trigger: JobExecutionRow['trigger']) => t(`jobExecutions.triggers.${trigger}`),
    },
    {
      title: t('jobExecutions.parameters'),
      dataIndex: 'endDate',
      key: 'endDate',
      width: 135,
      render: (_: unknown, row) => (
        <Flex vertical>
          {row.endDate && <span>{formatDate(row.endDate)}</span>}
          {row.batchNumber !== null && (
            <Typography.Text type="secondary">
              {t('jobExecutions.batchValue', { value: batchText(row.batchNumber) })}
            </Typography.Text>
          )}
          {row.cycleNumber !== null && (
            <Typography.Text type="secondary">
              {t('jobExecutions.cycleValue', { value: cycleText(row.cycleNumber) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('jobExecutions.startedAt'),
      dataIndex: 'startedAt',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      ...sortable('startedAt'),
      render: dateTime,
    },
    {
      title: t('jobExecutions.finishedAt'),
      dataIndex: 'finishedAt',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      ...sortable('finishedAt'),
      render: dateTime,
    },
    {
      title: t('jobExecutions.duration'),
      dataIndex: 'durationSeconds',
      width: 95,
      align: 'right',
      ...sortable('durationSeconds'),
      render: (value: number | null) => formatDuration(value),
    },
    {
      title: t('jobExecutions.startedBy'),
      dataIndex: 'startedBy',
      width: 100,
      ...sortable('startedBy'),
      render: (value: string | null, row) => value ?? (row.trigger === 'CRON' ? t('jobExecutions.scheduler') : ''),
    },
  ];
}
