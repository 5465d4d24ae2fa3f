import { Alert, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJobExecution } from '@/features/job-executions/api/get-job-execution';
import { ActivityTable } from '@/features/job-executions/components/activity-table';
import { ExecutionSummary } from '@/features/job-executions/components/execution-summary';
import { FileApprovalPanel } from '@/features/job-executions/components/file-approval-panel';
import { RetryAction } from '@/features/job-executions/components/retry-action';
import { RollbackAction } from '@/features/job-executions/components/rollback-action';
import { RunStatusTag } from '@/features/job-executions/components/status-tags';
import { QueryError } from '@/ui/query-error';

type Props = { moduleId: number; executionId: number | undefined; onClose: () => void };

/** One run: its parameters, activities with their counts and files, and what can be done with it. */
export function ExecutionDrawer({ moduleId, executionId, onClose }: Props) {
  const { t } = useTranslation();
  const execution = useJobExecution(moduleId, executionId);
  const run = execution.data;

  return (
    <Drawer
      open={executionId !== undefined}
      onClose={onClose}
      size="min(1240px, 100vw)"
      destroyOnHidden
      title={
        run ? (
          <Flex gap={8} align="center" wrap>
            <span>{run.jobName}</span>
            <Typography.Text type="secondary">{t('jobExecutions.runNumber', { id: run.id })}</Typography.Text>
            <RunStatusTag status={run.status} />
          </Flex>
        ) : (
          t('jobExecutions.runNumber', { id: executionId })
        )
      }
      extra={
        run && (
          <Flex gap={8}>
            <RetryAction moduleId={moduleId} execution={run} />
            <RollbackAction moduleId={moduleId} execution={run} />
          </Flex>
        )
      }
    >
      {execution.isError && !run ? (
        <QueryError onRetry={() => void execution.refetch()} />
      ) : !run ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {run.errorMessage && (
            <Alert type="error" showIcon title={t('jobExecutions.runError')} description={run.errorMessage} />
          )}
          <FileApprovalPanel moduleId={moduleId} execution={run} />
          <ExecutionSummary execution={run} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('jobExecutions.activities')}
          </Typography.Title>
          <ActivityTable moduleId={moduleId} executionId={run.id} runStatus={run.status} activities={run.activities} />
        </Flex>
      )}
    </Drawer>
  );
}
