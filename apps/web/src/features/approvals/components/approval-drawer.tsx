import { Alert, Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApproval } from '@/features/approvals/api/get-approval';
import { DecisionButtons } from '@/features/approvals/components/decision-buttons';
import { KnockOffRows } from '@/features/approvals/components/knock-off-rows';
import { RollbackImpactSummary } from '@/features/approvals/components/rollback-impact-summary';
import { formatDateTime } from '@/lib/format';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

type Props = { moduleId: number; approvalId: number | undefined; onClose: () => void };

/** One approval request: who asked for what, what approving it would do, and the decision (or why it cannot be taken). */
export function ApprovalDrawer({ moduleId, approvalId, onClose }: Props) {
  const { t } = useTranslation();
  const query = useApproval(moduleId, approvalId);
  const a = query.data;
  const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');

  return (
    <Drawer
      open={approvalId !== undefined}
      onClose={onClose}
      size="min(1100px, 100vw)"
      destroyOnHidden
      title={
        a ? (
          <Flex gap={8} align="center" wrap>
            <span>{t('approvals.number', { id: a.approvalId })}</span>
            <Typography.Text type="secondary">{a.kindLabel}</Typography.Text>
            <StatusTag status={a.status} label={a.statusLabel} />
          </Flex>
        ) : (
          t('approvals.number', { id: approvalId })
        )
      }
      // A decided request shows how it ended; the buttons are there only while it waits.
      extra={a?.status === 'ACTION_PENDING' && <DecisionButtons moduleId={moduleId} approval={a} />}
    >
      {query.isError && !a ? (
        <QueryError onRetry={() => void query.refetch()} />
      ) : !a ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {a.status === 'ACTION_PENDING' && a.cannotDecideReason && (
            <Alert type="info" showIcon title={a.cannotDecideReason} />
          )}
          {a.failureReason && (
            <Alert type="error" showIcon title={t('approvals.failed')} description={a.failureReason} />
          )}
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'what', label: t('approvals.what'), children: a.summary, span: 'filled' as const },
              { key: 'by', label: t('approvals.requestedBy'), children: a.requestedBy },
              { key: 'at', label: t('approvals.requestedAt'), children: dateTime(a.requestedAt) },
              { key: 'decidedBy', label: t('approvals.decidedBy'), children: a.decidedBy ?? '—' },
              { key: 'decidedAt', label: t('approvals.decidedAt'), children: dateTime(a.decidedAt) },
              ...(a.remark
                ? [{ key: 'remark', label: t('approvals.remark'), children: a.remark, span: 'filled' as const }]
                : []),
              ...(a.knockOff
                ? [
                    { key: 'recon', label: t('approvals.recon'), children: a.knockOff.reconName },
                    { key: 'source', label: t('approvals.dataSource'), children: a.knockOff.dataSourceName },
                    {
                      key: 'reason',
                      label: t('approvals.reason'),
                      children: a.knockOff.reason,
                      span: 'filled' as const,
                    },
                    { key: 'count', label: t('approvals.rowCount'), children: a.knockOff.rowCount },
                    {
                      key: 'run',
                      label: t('approvals.knockOffRun'),
                      children: a.knockOff.runId ? `#${a.knockOff.runId}` : '—',
                    },
                  ]
                : []),
              ...(a.rollback
                ? [
                    {
                      key: 'execution',
                      label: t('approvals.execution'),
                      children: t('approvals.executionOf', {
                        id: a.rollback.impact.jobExecutionId,
                        job: a.rollback.impact.jobName,
                      }),
                    },
                    {
                      key: 'rollback',
                      label: t('approvals.rollback'),
                      children: (
                        <Flex gap={8} align="center">
                          {t('approvals.rollbackNumber', { id: a.rollback.rollbackId })}
                          <StatusTag status={a.rollback.rollbackStatus} label={a.rollback.rollbackStatusLabel} />
                        </Flex>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {a.knockOff && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('approvals.rows')}
              </Typography.Title>
              <KnockOffRows moduleId={moduleId} approvalId={a.approvalId} knockOff={a.knockOff} />
            </>
          )}
          {a.rollback && <RollbackImpactSummary rollback={a.rollback} />}
        </Flex>
      )}
    </Drawer>
  );
}
