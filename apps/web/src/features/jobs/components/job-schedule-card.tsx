import type { JobCronOperation, JobDetail } from '@recon/contract';
import { JOB_CRON_TEXTS, JOB_TEXTS } from '@recon/contract/texts';
import { Button, Card, Flex, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeJobSchedule } from '@/features/jobs/api/change-job-schedule';
import { CRON_STATE_TONE } from '@/features/jobs/job-status-tone';
import { showErrorToast, showSuccessToast } from '@/lib/toast';
import { StatusTag } from '@/ui/status-tag';

const DONE_TEXT: Readonly<Record<JobCronOperation, string>> = {
  SCHEDULE_CRON_JOB: JOB_CRON_TEXTS.scheduled,
  PAUSE_CRON_JOB: JOB_CRON_TEXTS.paused,
  RESUME_CRON_JOB: JOB_CRON_TEXTS.resumed,
  TERMINATE_CRON_JOB: JOB_CRON_TEXTS.terminated,
};

/** The job's cron schedule: schedule (or reschedule) an expression, pause, resume or terminate it. */
export function JobScheduleCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const [expression, setExpression] = useState(job.cronExpression ?? '');
  const change = useChangeJobSchedule();
  const state = job.scheduleType === 'CRON' ? job.cronState : null;
  const isLive = state === 'SCHEDULED' || state === 'PAUSED';

  const run = (operation: JobCronOperation) => {
    if (operation === 'SCHEDULE_CRON_JOB' && !expression.trim()) {
      showErrorToast([JOB_TEXTS.cronRequired]);
      return;
    }
    change.mutate(
      { operation, id: job.id, cronExpression: expression.trim() },
      { onSuccess: () => showSuccessToast(DONE_TEXT[operation]) },
    );
  };
  const isBusy = (operation: JobCronOperation) => change.isPending && change.variables?.operation === operation;

  return (
    <Card
      title={t('jobs.schedule.title')}
      style={{ height: '100%' }}
      extra={
        state ? (
          <StatusTag status={CRON_STATE_TONE[state]} label={t(`jobs.cronStates.${state}`)} />
        ) : (
          <Typography.Text type="secondary">{t('jobs.manual')}</Typography.Text>
        )
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('jobs.schedule.expression')} extra={t('jobs.schedule.expressionHint')}>
          <Input
            aria-label={t('jobs.schedule.expression')}
            placeholder="0 6 * * *"
            maxLength={120}
            style={{ fontFamily: 'monospace' }}
            value={expression}
            onChange={(e) => setExpression(e.target.value)}
            onPressEnter={() => run('SCHEDULE_CRON_JOB')}
          />
        </Form.Item>
      </Form>
      <Flex wrap gap={8}>
        <Button type="primary" loading={isBusy('SCHEDULE_CRON_JOB')} onClick={() => run('SCHEDULE_CRON_JOB')}>
          {isLive ? t('jobs.schedule.reschedule') : t('jobs.schedule.schedule')}
        </Button>
        <Space>
          <Button
            disabled={state !== 'SCHEDULED'}
            loading={isBusy('PAUSE_CRON_JOB')}
            onClick={() => run('PAUSE_CRON_JOB')}
          >
            {t('jobs.schedule.pause')}
          </Button>
          <Button
            disabled={state !== 'PAUSED'}
            loading={isBusy('RESUME_CRON_JOB')}
            onClick={() => run('RESUME_CRON_JOB')}
          >
            {t('jobs.schedule.resume')}
          </Button>
          <Popconfirm
            title={t('jobs.confirmTitle')}
            okText={t('jobs.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            disabled={!isLive}
            onConfirm={() => run('TERMINATE_CRON_JOB')}
          >
            <Button danger disabled={!isLive} loading={isBusy('TERMINATE_CRON_JOB')}>
              {t('jobs.schedule.terminate')}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
    </Card>
  );
}
