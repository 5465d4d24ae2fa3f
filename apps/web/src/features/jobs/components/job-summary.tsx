import type { JobDetail } from '@recon/contract';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { runStatusTone } from '@/features/jobs/job-status-tone';
import { formatDateTime } from '@/lib/format';
import { StatusTag } from '@/ui/status-tag';

/** What is about to run: the job's enabled activities in order and its last run. */
export function JobSummary({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const enabled = job.activities.filter((a) => a.enabled);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('jobs.run.activities')} span={2}>
        {enabled.length === 0
          ? t('jobs.run.noEnabledActivity')
          : enabled.map((a) => (
              <Tag key={a.id}>
                {`${a.sequence}. ${t(`jobs.activityTypes.${a.type}` as 'jobs.activityTypes.PIPE_LINE', { defaultValue: a.type })}${a.activity.name ? ` · ${a.activity.name}` : ''}`}
              </Tag>
            ))}
      </Descriptions.Item>
      <Descriptions.Item label={t('jobs.lastRun')}>
        {job.lastExecution ? (
          <>
            <StatusTag status={runStatusTone(job.lastExecution.status)} label={job.lastExecution.statusLabel} />
            {formatDateTime(job.lastExecution.createdAt)}
          </>
        ) : (
          t('jobs.neverRun')
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
