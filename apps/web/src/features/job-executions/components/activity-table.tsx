import { type ActivityExecution, JOB_ACTIVITY_TYPES, type JobActivityType } from '@recon/contract';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PipelineFiles } from '@/features/job-executions/components/pipeline-files';
import { ActivityStatusTag } from '@/features/job-executions/components/status-tags';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth, DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';

/** The counts a PIPE_LINE activity reports, in the order they are shown. */
export const ACTIVITY_COUNT_KEYS = [
  'files',
  'totalRows',
  'loadedRows',
  'invalidRows',
  'duplicateRows',
  'skippedRows',
  'rejectedFiles',
] as const;
const KNOWN_COUNTS: ReadonlySet<string> = new Set(ACTIVITY_COUNT_KEYS);
/** The column of the expand buttons, which the table adds. */
const EXPAND_COLUMN_WIDTH = 48;
/**
 * Seven counts at this width with the other columns fit the run drawer (1240 px less its padding): wider, the table
 * scrolls and cuts the started / finished times off its right edge.
 */
const COUNT_COLUMN_WIDTH = 80;
const ACTIVITY_TYPES: ReadonlySet<string> = new Set(JOB_ACTIVITY_TYPES);

/** PIPE_LINE → "Pipeline": the job editor's name for the type; a type it does not know, as it is. */
export function activityTypeLabel(t: TFunction, type: string): string {
  return ACTIVITY_TYPES.has(type) ? t(`jobs.activityTypes.${type as JobActivityType}`) : type;
}

type Props = {
  moduleId: number;
  executionId: number;
  runStatus: string;
  activities: readonly ActivityExecution[];
};

const hasDetails = (a: ActivityExecution) =>
  a.type === 'PIPE_LINE' || !!a.errorMessage || Object.keys(a.counts).some((k) => !KNOWN_COUNTS.has(k));

/**
 * Open unless the user closed it: what went wrong, and the files of pipeline activities that ran or run. An
 * activity still queued when the run was opened opens once it starts.
 */
const hasStarted = (a: ActivityExecution) => hasDetails(a) && (a.attempt > 0 || a.status !== 'RUNNABLE');

/** The run's activity executions in sequence; a pipeline activity opens onto the files it loaded. */
export function ActivityTable({ moduleId, executionId, runStatus, activities }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  // The rows the user opened or closed: their choice stands whatever the activity's status does.
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());

  const columns: ColumnsType<ActivityExecution> = [
    { title: t('jobExecutions.sequence'), dataIndex: 'sequence', key: 'sequence', width: 56, align: 'right' },
    {
      title: t('jobExecutions.activity'),
      key: 'activity',
      width: 200,
      render: (_, a) => (
        <Flex vertical>
          <Typography.Text strong>{a.name ?? activityTypeLabel(t, a.type)}</Typography.Text>
          {a.name && <Typography.Text type="secondary">{activityTypeLabel(t, a.type)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('common.status'),
      key: 'status',
      width: 150,
      render: (_, a) => (
        <Flex vertical gap={2} align="flex-start">
          {/* A failed run leaves the activities after the failed one queued: they did not run. */}
          {(runStatus === 'FAILED' || runStatus === 'ROLLED_BACK') && a.status === 'RUNNABLE' ? (
            <ActivityStatusTag status="NOT_RUN" label={t('jobExecutions.notRun')} />
          ) : (
            // In a rolled-back run what an activity did was undone: the server's label says "Rolled back", in grey.
            <ActivityStatusTag status={runStatus === 'ROLLED_BACK' ? 'ROLLED_BACK' : a.status} label={a.statusLabel} />
          )}
          {/* Tried more than once: which try this is. */}
          {a.attempt > 1 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('jobExecutions.attemptNumber', { attempt: a.attempt })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    ...ACTIVITY_COUNT_KEYS.map((key) => ({
      title: t(`jobExecutions.counts.${key}`),
      key,
      width: COUNT_COLUMN_WIDTH,
      align: 'right' as const,
      render: (_: unknown, a: ActivityExecution) =>
        a.counts[key] === undefined ? '' : formatNumber(a.counts[key], locale, 0),
    })),
    {
      title: t('jobExecutions.startedFinished'),
      key: 'ran',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      render: (_, a) => (
        <Flex vertical>
          <span>{formatDateTime(a.startedAt)}</span>
          <Typography.Text type="secondary">{formatDateTime(a.finishedAt)}</Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <Table<ActivityExecution>
      size="small"
      rowKey="id"
      dataSource={[...activities]}
      pagination={false}
      scroll={{ x: columnsWidth(columns) + EXPAND_COLUMN_WIDTH }}
      locale={{ emptyText: <EmptyState /> }}
      expandable={{
        rowExpandable: hasDetails,
        expandedRowKeys: activities.filter((a) => toggled.get(a.id) ?? hasStarted(a)).map((a) => a.id),
        onExpand: (isExpanded, a) => setToggled((m) => new Map(m).set(a.id, isExpanded)),
        expandedRowRender: (activity) => (
          <Flex vertical gap={8}>
            {activity.errorMessage && (
              <Typography.Paragraph type="danger" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {/* A queued activity with an error waits out its retry interval. */}
                {activity.status === 'RUNNABLE' && (
                  <Typography.Text strong type="danger">
                    {`${t('jobExecutions.retryPending', { attempt: activity.attempt })} `}
                  </Typography.Text>
                )}
                {activity.errorMessage}
              </Typography.Paragraph>
            )}
            {Object.entries(activity.counts)
              .filter(([key]) => !KNOWN_COUNTS.has(key))
              .map(([key, value]) => (
                <Typography.Text
                  key={key}
                  type="secondary"
                >{`${key}: ${formatNumber(value, locale, 0)}`}</Typography.Text>
              ))}
            {activity.type === 'PIPE_LINE' && activity.typeId !== null && (
              <PipelineFiles
                moduleId={moduleId}
                pipelineId={activity.typeId}
                executionId={executionId}
                activityStatus={activity.status}
                runStatus={runStatus}
              />
            )}
          </Flex>
        ),
      }}
      columns={columns}
    />
  );
}
