import { RedoOutlined } from '@ant-design/icons';
import type { JobExecutionDetail } from '@recon/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRetryFailedExecution } from '@/features/job-executions/api/retry-failed-execution';
import { ConfirmAction } from '@/features/job-executions/components/confirm-action';
import { PrivilegeGuard } from '@/ui/privilege-guard';

type Props = { moduleId: number; execution: JobExecutionDetail };

/** "Retry from failed activity": a FAILED run goes on where it stopped (createJob privilege, confirmed first). */
export function RetryAction({ moduleId, execution }: Props) {
  const { t } = useTranslation();
  const retry = useRetryFailedExecution(moduleId);
  if (execution.status !== 'FAILED') return null;
  const failed = execution.activities.find((a) => a.status === 'FAILED');
  return (
    <PrivilegeGuard rule={{ code: 'createJob' }}>
      <ConfirmAction
        description={
          failed
            ? t('jobExecutions.retryFrom', { sequence: failed.sequence, name: failed.name ?? failed.type })
            : t('jobExecutions.retryHelp')
        }
        onConfirm={() => retry.mutateAsync(execution.id)}
      >
        <Button type="primary" icon={<RedoOutlined />} loading={retry.isPending}>
          {t('jobExecutions.retry')}
        </Button>
      </ConfirmAction>
    </PrivilegeGuard>
  );
}
