import { HistoryOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  type JobExecutionDetail,
  ROLLBACK_ALLOWED_EXECUTION_STATUSES,
  ROLLBACK_REASON_MAX,
  ROLLBACK_REQUEST_PRIVILEGE,
} from '@recon/contract';
import { Button, Form, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '@/app/paths';
import { useRollbackImpact } from '@/features/job-executions/api/get-rollback-impact';
import { useRequestRollback } from '@/features/job-executions/api/request-rollback';
import { RollbackImpactView } from '@/features/job-executions/components/rollback-impact';
import { PrivilegeGuard } from '@/ui/privilege-guard';
import { QueryError } from '@/ui/query-error';
import { ReasonField } from '@/ui/reason-field';

type Props = { moduleId: number; execution: JobExecutionDetail };

const ROLLBACKABLE: ReadonlySet<string> = new Set(ROLLBACK_ALLOWED_EXECUTION_STATUSES);
/** A run in one of these statuses has a rollback, followed in Rollback History. */
const WITH_ROLLBACK: ReadonlySet<string> = new Set([
  'ROLLBACK_CREATED',
  'ROLLBACK_IN_PROGRESS',
  'ROLLED_BACK',
  'ROLLBACK_FAILED',
]);
const ROLLBACK_HISTORY_PATH = PATHS.rollbackHistory;

/** A run with a rollback links to it (the rollback history, narrowed to the run). */
function RollbackHistoryLink({ executionId }: { executionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PrivilegeGuard rule={{ code: 'rollbackHistory' }}>
      <Button
        icon={<HistoryOutlined />}
        onClick={() => void navigate(`${ROLLBACK_HISTORY_PATH}?jobExecutionId=${executionId}`)}
      >
        {t('rollbacks.openHistory')}
      </Button>
    </PrivilegeGuard>
  );
}

/**
 * "Rollback": opens what a rollback of the run would undo (its recon runs, the rows its files loaded, the actions
 * rolled back with it, the later runs that block it); confirming asks for the rollback, which runs in the
 * background and is followed in Rollback History.
 */
export function RollbackAction({ moduleId, execution }: Props) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  // Why the run is rolled back: required here, kept in the audit log. Said missing once the person tried.
  const [reason, setReason] = useState('');
  const [isReasonTouched, setIsReasonTouched] = useState(false);
  const isReasonMissing = reason.trim() === '';
  const impact = useRollbackImpact(moduleId, execution.id, isOpen);
  const request = useRequestRollback(moduleId);
  if (WITH_ROLLBACK.has(execution.status)) return <RollbackHistoryLink executionId={execution.id} />;
  if (!ROLLBACKABLE.has(execution.status)) return null;
  const canConfirm = impact.data?.canRollBack === true;

  return (
    <PrivilegeGuard rule={ROLLBACK_REQUEST_PRIVILEGE}>
      <Button danger icon={<RollbackOutlined />} onClick={() => setOpen(true)}>
        {t('rollbacks.action')}
      </Button>
      <Modal
        open={isOpen}
        width="min(900px, 100vw)"
        title={t('rollbacks.impactTitle', { id: execution.id, job: execution.jobName })}
        okText={t('rollbacks.requestButton')}
        okButtonProps={{ danger: true, disabled: !canConfirm }}
        confirmLoading={request.isPending}
        cancelText={t('common.cancel')}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          setReason('');
          setIsReasonTouched(false);
        }}
        // A refused request already showed its toast (the reason); the dialog stays for another look.
        onOk={() => {
          setIsReasonTouched(true);
          if (isReasonMissing) return;
          request
            .mutateAsync({ jobExecutionId: execution.id, reason: reason.trim() })
            .then(() => setOpen(false))
            .catch(() => void impact.refetch());
        }}
        destroyOnHidden
      >
        {impact.isError && !impact.data ? (
          <QueryError onRetry={() => void impact.refetch()} />
        ) : !impact.data || impact.isFetching ? (
          <Skeleton active aria-label={t('rollbacks.impactLoading')} />
        ) : (
          <RollbackImpactView impact={impact.data} />
        )}
        {canConfirm && (
          <Form layout="vertical" style={{ marginTop: 16 }}>
            <ReasonField
              label={t('rollbacks.requestReason')}
              value={reason}
              onChange={setReason}
              maxLength={ROLLBACK_REASON_MAX}
              placeholder={t('rollbacks.requestReasonPlaceholder')}
              requiredMessage={t('rollbacks.requestReasonRequired')}
              isMissingShown={isReasonTouched && isReasonMissing}
              style={{ marginBottom: 0 }}
            />
          </Form>
        )}
      </Modal>
    </PrivilegeGuard>
  );
}
