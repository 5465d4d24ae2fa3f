import {
  type ActivityExecution,
  columnHeading,
  JOB_ACTIVITY_TYPES,
  type JobActivityType,
  RULE_TYPE_LABELS,
} from '@recon/contract';
import { Descriptions, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FetchedMails } from '@/features/job-executions/components/fetched-mails';
import { PipelineFiles } from '@/features/job-executions/components/pipeline-files';
import { ActivityStatusTag } from '@/features/job-executions/components/status-tags';
import { formatDateTime, formatNumber, type NumberLocale } from '@/lib/format';
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

/** The counts a RECON activity reports (besides one per rule type), in the order they are shown. */
const RECON_COUNT_KEYS = ['reconRun', 'groups', 'rowsA', 'rowsB', 'leftOutA', 'leftOutB'] as const;

/** The counts an EMAIL_FETCH activity reports (decision 0027), in the order they are shown. */
const EMAIL_FETCH_COUNT_KEYS = ['mails', 'attachments', 'filesStored', 'alreadyFetched', 'skipped', 'failed'] as const;

/** A count's label: the recon summary's words, a rule type's label, else the key as a heading. */
function countLabel(t: TFunction, type: string, key: string): string {
  if (type === 'RECON' && (RECON_COUNT_KEYS as readonly string[]).includes(key)) {
    return t(`jobExecutions.reconSummary.${key as (typeof RECON_COUNT_KEYS)[number]}`);
  }
  if (type === 'EMAIL_FETCH' && (EMAIL_FETCH_COUNT_KEYS as readonly string[]).includes(key)) {
    return t(`jobExecutions.emailFetchCounts.${key as (typeof EMAIL_FETCH_COUNT_KEYS)[number]}`);
  }
  const ruleType = RULE_TYPE_LABELS[key as keyof typeof RULE_TYPE_LABELS];
  if (ruleType) return t('jobExecutions.reconSummary.byRuleType', { type: ruleType });
  return columnHeading(key.replace(/([a-z])([A-Z])/g, '$1_$2'));
}

/** The counts of an activity beyond the table's columns, as a labelled table: a recon's summary, in finance words. */
function OtherCounts({ activity, locale }: { activity: ActivityExecution; locale: NumberLocale }) {
  const { t } = useTranslation();
  const entries = Object.entries(activity.counts).filter(([key]) => !KNOWN_COUNTS.has(key));
  if (entries.length === 0) return null;
  const order: readonly string[] = activity.type === 'EMAIL_FETCH' ? EMAIL_FETCH_COUNT_KEYS : RECON_COUNT_KEYS;
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  entries.sort(([a], [b]) => rank(a) - rank(b));
  return (
    <Descriptions
      size="small"
      bordered
      title={
        activity.type === 'RECON'
          ? t('jobExecutions.reconSummary.title')
          : activity.type === 'EMAIL_FETCH'
            ? t('jobExecutions.emailFetchCounts.title')
            : t('jobExecutions.moreCounts')
      }
      // Counts line up on the right, as amounts and counts do in every table.
      styles={{ content: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      column={{ xs: 1, md: 2, xl: 3 }}
      items={entries.map(([key, value]) => ({
        key,
        label: countLabel(t, activity.type, key),
        // The recon run is a number to look up, not an amount: no grouping.
        children: key === 'reconRun' ? `#${value}` : formatNumber(value, locale, 0),
      }))}
    />
  );
}

const hasDetails = (a: ActivityExecution) =>
  a.type === 'PIPE_LINE' ||
  a.type === 'EMAIL_FETCH' ||
  !!a.errorMessage ||
  Object.keys(a.counts).some((k) => !KNOWN_COUNTS.has(k));

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
            <OtherCounts activity={activity} locale={locale} />
            {activity.type === 'EMAIL_FETCH' && (
              <FetchedMails
                moduleId={moduleId}
                executionId={executionId}
                activityStatus={activity.status}
                ruleId={activity.typeId}
              />
            )}
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
