import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { JobExecutionDetail } from '@recon/contract';
import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDecideFileApproval } from '@/features/job-executions/api/decide-file-approval';
import { useFileApprovalCheck } from '@/features/job-executions/api/validate-file-approval';
import { ConfirmAction } from '@/features/job-executions/components/confirm-action';
import { useHasPrivilege } from '@/lib/access-context';

type Props = { moduleId: number; execution: JobExecutionDetail };

/**
 * A run waiting for file approval: a holder of fileApproval is first checked by the server (maker-checker,
 * pipeline grants) and then may approve — the run goes on — or reject — the rows its files loaded are removed.
 */
export function FileApprovalPanel({ moduleId, execution }: Props) {
  const { t } = useTranslation();
  const canDecide = useHasPrivilege({ code: 'fileApproval' });
  const isPending = execution.status === 'FILE_APPROVAL_PENDING';
  const pipelineActivityIds = execution.activities.filter((a) => a.type === 'PIPE_LINE').map((a) => a.id);
  const check = useFileApprovalCheck(moduleId, execution.id, pipelineActivityIds, isPending && canDecide);
  const approve = useDecideFileApproval(moduleId, 'APPROVED');
  const reject = useDecideFileApproval(moduleId, 'REJECTED');

  if (!isPending) return null;
  if (!canDecide) return <Alert type="warning" showIcon title={t('jobExecutions.approvalWaiting')} />;
  if (check.isPending) return <Spin size="small" />;
  if (check.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('jobExecutions.approvalCheckFailed')}
        action={
          <Button size="small" onClick={() => void check.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!check.data.canApprove) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('jobExecutions.approvalNotAllowed')}
        description={check.data.message ?? undefined}
      />
    );
  }
  const isBusy = approve.isPending || reject.isPending;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('jobExecutions.approvalAsk')}
      description={t('jobExecutions.approvalHelp')}
      action={
        <Flex gap={8}>
          <ConfirmAction
            description={t('jobExecutions.approveConfirm')}
            onConfirm={() => approve.mutateAsync(execution.id)}
          >
            <Button type="primary" icon={<CheckOutlined />} loading={approve.isPending} disabled={isBusy}>
              {t('jobExecutions.approve')}
            </Button>
          </ConfirmAction>
          <ConfirmAction
            isDanger
            description={t('jobExecutions.rejectConfirm')}
            onConfirm={() => reject.mutateAsync(execution.id)}
          >
            <Button danger icon={<CloseOutlined />} loading={reject.isPending} disabled={isBusy}>
              {t('jobExecutions.reject')}
            </Button>
          </ConfirmAction>
        </Flex>
      }
    />
  );
}
