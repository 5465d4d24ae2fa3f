import { RedoOutlined } from '@ant-design/icons';
import { ROLLBACK_REQUEST_PRIVILEGE, ROLLBACK_RETRYABLE_STATUSES, type RollbackDetail } from '@recon/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { useRollback } from '@/features/rollbacks/api/get-rollback';
import { useRetryRollback } from '@/features/rollbacks/api/retry-rollback';
import { RollbackDependencies } from '@/features/rollbacks/components/rollback-dependencies';
import { RollbackRecords } from '@/features/rollbacks/components/rollback-records';
import { RollbackStatusTag } from '@/features/rollbacks/components/rollback-tags';
import { useHasPrivilege } from '@/lib/access-context';
import { formatDateTime } from '@/lib/format';
import { PrivilegeGuard } from '@/ui/privilege-guard';
import { QueryError } from '@/ui/query-error';

const EXECUTION_HISTORY_PATH = PATHS.executionHistory;

type Props = { moduleId: number; rollbackId: number | undefined; onClose: () => void };

/** "Retry rollback": a failed rollback goes on from the step that failed, after the spec's confirmation. */
function RetryButton({ moduleId, rollback }: { moduleId: number; rollback: RollbackDetail }) {
  const { t } = useTranslation();
  const retry = useRetryRollback(moduleId);
  if (!(ROLLBACK_RETRYABLE_STATUSES as readonly string[]).includes(rollback.status)) return null;
  return (
    <PrivilegeGuard rule={ROLLBACK_REQUEST_PRIVILEGE}>
      <Popconfirm
        title={t('rollbacks.confirmTitle')}
        description={<div style={{ maxWidth: 320 }}>{t('rollbacks.retryHelp')}</div>}
        okText={t('rollbacks.confirm')}
        cancelText={t('common.cancel')}
        // A failed call already showed its toast; the dialog closes either way.
        onConfirm={() => retry.mutateAsync(rollback.rollbackId).catch(() => undefined)}
      >
        <Button type="primary" icon={<RedoOutlined />} loading={retry.isPending}>
          {t('rollbacks.retry')}
        </Button>
      </Popconfirm>
    </PrivilegeGuard>
  );
}

/** One rollback: its run, how it ended, the steps it worked in order and the dependencies it rolled back first. */
export function RollbackDrawer({ moduleId, rollbackId, onClose }: Props) {
  const { t } = useTranslation();
  const canSeeRuns = useHasPrivilege({ code: 'jobExecutions' });
  const query = useRollback(moduleId, rollbackId);
  const r = query.data;
  const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');

  return (
    <Drawer
      open={rollbackId !== undefined}
      onClose={onClose}
      size="min(1100px, 100vw)"
      destroyOnHidden
      title={
        r ? (
          <Flex gap={8} align="center" wrap>
            <span>{t('rollbacks.rollbackNumber', { id: r.rollbackId })}</span>
            <Typography.Text type="secondary">{r.jobName}</Typography.Text>
            <RollbackStatusTag status={r.status} />
          </Flex>
        ) : (
          t('rollbacks.rollbackNumber', { id: rollbackId })
        )
      }
      extra={r && <RetryButton moduleId={moduleId} rollback={r} />}
    >
      {query.isError && !r ? (
        <QueryError onRetry={() => void query.refetch()} />
      ) : !r ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {r.status === 'APPROVAL_PENDING' && <Alert type="info" showIcon title={t('rollbacks.awaitingApproval')} />}
          {r.errorMessage && (
            <Alert
              type={r.status === 'REJECTED' ? 'warning' : 'error'}
              showIcon
              title={t(
                r.status === 'REJECTED'
                  ? 'rollbacks.rejected'
                  : r.status === 'PARTIALLY_ROLLEDBACK'
                    ? 'rollbacks.partiallyFailed'
                    : 'rollbacks.failed',
              )}
              description={r.errorMessage}
            />
          )}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 3 }}
            items={[
              {
                key: 'run',
                label: t('rollbacks.run'),
                children: canSeeRuns ? (
                  <Link to={`${EXECUTION_HISTORY_PATH}?executionId=${r.jobExecutionId}`}>
                    {t('rollbacks.runNumber', { id: r.jobExecutionId })}
                  </Link>
                ) : (
                  t('rollbacks.runNumber', { id: r.jobExecutionId })
                ),
              },
              { key: 'before', label: t('rollbacks.runStatusBefore'), children: r.executionStatusLabel },
              { key: 'by', label: t('rollbacks.executedBy'), children: r.executedBy ?? '—' },
              { key: 'requested', label: t('rollbacks.startTime'), children: dateTime(r.startTime) },
              { key: 'started', label: t('rollbacks.startedAt'), children: dateTime(r.startedAt) },
              { key: 'ended', label: t('rollbacks.endTime'), children: dateTime(r.endTime) },
              { key: 'attempt', label: t('rollbacks.attempt'), children: r.attempt },
            ]}
          />
          <div>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('rollbacks.records')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('rollbacks.recordsHelp')}</Typography.Text>
          </div>
          <RollbackRecords records={r.records} />
          {r.dependencies.length > 0 && (
            <>
              <div>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('rollbacks.dependencies')}
                </Typography.Title>
                <Typography.Text type="secondary">{t('rollbacks.dependenciesHelp')}</Typography.Text>
              </div>
              <RollbackDependencies dependencies={r.dependencies} />
            </>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
