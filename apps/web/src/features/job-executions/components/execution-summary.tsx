import type { JobExecutionDetail } from '@recon/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { RunStatusTag } from '@/features/job-executions/components/status-tags';
import { batchText, cycleText, formatDuration } from '@/features/job-executions/execution-format';
import { formatDate, formatDateTime } from '@/lib/format';

/** A value the run does not have (no batch, not finished yet) shows as a dash, not as an empty box. */
const NONE = '—';
const orNone = (text: string) => text || NONE;

/** Who started the run, with which batch, cycle and date, and when it ran. */
export function ExecutionSummary({ execution: e }: { execution: JobExecutionDetail }) {
  const { t } = useTranslation();
  const startedBy = e.startedBy ?? (e.trigger === 'CRON' ? t('jobExecutions.scheduler') : '');
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'status', label: t('common.status'), children: <RunStatusTag status={e.status} /> },
        { key: 'trigger', label: t('jobExecutions.trigger'), children: t(`jobExecutions.triggers.${e.trigger}`) },
        { key: 'startedBy', label: t('jobExecutions.startedBy'), children: orNone(startedBy) },
        { key: 'batch', label: t('jobExecutions.batch'), children: orNone(batchText(e.batchNumber)) },
        { key: 'cycle', label: t('jobExecutions.cycle'), children: orNone(cycleText(e.cycleNumber)) },
        { key: 'endDate', label: t('jobExecutions.endDate'), children: orNone(formatDate(e.endDate)) },
        {
          key: 'createdAt',
          label: t('jobExecutions.createdAt'),
          children: orNone(formatDateTime(e.createdAt)),
        },
        {
          key: 'startedAt',
          label: t('jobExecutions.startedAt'),
          children: orNone(formatDateTime(e.startedAt)),
        },
        {
          key: 'finishedAt',
          label: t('jobExecutions.finishedAt'),
          children: orNone(formatDateTime(e.finishedAt)),
        },
        { key: 'duration', label: t('jobExecutions.duration'), children: orNone(formatDuration(e.durationSeconds)) },
        ...(e.needsFileApproval
          ? [
              {
                key: 'approval',
                label: t('jobExecutions.approvalStatus'),
                children: e.approvalStatus ? <RunStatusTag status={e.approvalStatus} /> : '',
              },
              // Who decided, and when, once someone has.
              ...(e.approvedBy
                ? [
                    { key: 'approvedBy', label: t('jobExecutions.approvedBy'), children: e.approvedBy },
                    {
                      key: 'approvedAt',
                      label: t('jobExecutions.approvedAt'),
                      children: formatDateTime(e.approvedAt),
                    },
                  ]
                : []),
            ]
          : []),
      ]}
    />
  );
}
