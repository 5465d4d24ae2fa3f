import type { ActivityExecution, JobExecutionRow } from '@recon/contract';
import { Card, Descriptions, Flex, Pagination, Skeleton, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useJobExecution } from '@/features/job-executions/api/get-job-execution';
import { useJobExecutions } from '@/features/job-executions/api/get-job-executions';
import { FileApprovalPanel } from '@/features/job-executions/components/file-approval-panel';
import { PipelineFiles } from '@/features/job-executions/components/pipeline-files';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** What a run's PIPE_LINE activities loaded, summed: the four numbers a checker reads before deciding. */
const SUMMARY_KEYS = ['files', 'totalRows', 'invalidRows', 'duplicateRows'] as const;
/** Room for a file's name beside the counts: narrower (a 1280 px screen), the files table scrolls sideways. */
const FILES_TABLE_WIDTH = 1080;

export function fileSummaryOf(activities: readonly ActivityExecution[]): Record<(typeof SUMMARY_KEYS)[number], number> {
  const pipes = activities.filter((a) => a.type === 'PIPE_LINE');
  const sum = (key: string) => pipes.reduce((total, a) => total + (a.counts[key] ?? 0), 0);
  return {
    files: sum('files'),
    totalRows: sum('totalRows'),
    invalidRows: sum('invalidRows'),
    duplicateRows: sum('duplicateRows'),
  };
}

/**
 * My Jobs › File Approvals: the module's runs waiting on file approval, each with what its files loaded, and the
 * execution drawer's own approve / reject (FileApprovalPanel: maker-checker checked by the server first). A decided
 * run leaves the list.
 */
export default function FileApprovalsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const [page, setPage] = useState(1);
  const size = brand.defaultPageSize;
  // An alert opens the page on its run (`?executionId=`): that run is marked and scrolled to.
  const [searchParams] = useSearchParams();
  const openedId = Number(searchParams.get('executionId')) || undefined;
  const runs = useJobExecutions(current.id, {
    start: (page - 1) * size,
    length: size,
    status: 'FILE_APPROVAL_PENDING',
    fromDate: '',
    toDate: '',
  });
  const rows = runs.data?.data ?? [];
  const total = runs.data?.recordsFiltered ?? 0;

  return (
    <>
      <PageHeader
        title={t('jobExecutions.fileApprovals.title')}
        description={t('jobExecutions.fileApprovals.description')}
      />
      {runs.isError && !runs.data ? (
        <QueryError onRetry={() => void runs.refetch()} />
      ) : runs.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Card>
          <EmptyState description={t('jobExecutions.fileApprovals.none')} />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {rows.map((row) => (
            <PendingRun key={row.id} moduleId={current.id} row={row} isOpened={row.id === openedId} />
          ))}
          {total > size && (
            <Pagination
              align="end"
              current={page}
              pageSize={size}
              total={total}
              onChange={setPage}
              showSizeChanger={false}
            />
          )}
        </Flex>
      )}
    </>
  );
}

/** One run waiting on its files: who started it and when, the totals, the decision and each pipeline's files. */
function PendingRun({ moduleId, row, isOpened }: { moduleId: number; row: JobExecutionRow; isOpened: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isOpened) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [isOpened]);
  const locale = useNumberLocale();
  const execution = useJobExecution(moduleId, row.id);
  const run = execution.data;
  const summary = run ? fileSummaryOf(run.activities) : undefined;

  return (
    <Card
      ref={ref}
      aria-current={isOpened || undefined}
      style={isOpened ? { borderColor: token.colorPrimary, boxShadow: `0 0 0 1px ${token.colorPrimary}` } : undefined}
      title={
        <Flex gap={8} align="baseline" wrap>
          <span>{row.jobName}</span>
          <Typography.Text type="secondary">{t('jobExecutions.runNumber', { id: row.id })}</Typography.Text>
        </Flex>
      }
      extra={
        <Typography.Text type="secondary">
          {t('jobExecutions.fileApprovals.startedBy', {
            user: row.startedBy ?? t('jobExecutions.triggers.CRON'),
            at: formatDateTime(row.startedAt ?? row.createdAt),
          })}
        </Typography.Text>
      }
    >
      {execution.isError && !run ? (
        <QueryError onRetry={() => void execution.refetch()} />
      ) : !run || !summary ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 2, md: 4 }}
            items={SUMMARY_KEYS.map((key) => ({
              key,
              label: t(`jobExecutions.fileApprovals.summary.${key}`),
              children: formatNumber(summary[key], locale, 0),
            }))}
          />
          <FileApprovalPanel moduleId={moduleId} execution={run} />
          {run.activities
            .filter((a) => a.type === 'PIPE_LINE' && a.typeId !== null)
            .map((a) => (
              <Flex key={a.id} vertical gap={4}>
                {a.name && <Typography.Text strong>{a.name}</Typography.Text>}
                <PipelineFiles
                  moduleId={moduleId}
                  pipelineId={a.typeId ?? 0}
                  executionId={run.id}
                  activityStatus={a.status}
                  runStatus={run.status}
                  scrollX={FILES_TABLE_WIDTH}
                />
              </Flex>
            ))}
        </Flex>
      )}
    </Card>
  );
}
