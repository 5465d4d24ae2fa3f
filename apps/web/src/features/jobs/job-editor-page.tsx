import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton, Steps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useJob } from '@/features/jobs/api/get-job';
import { AdditionalSettingsStep } from '@/features/jobs/components/additional-settings-step';
import { JobDetailsStep } from '@/features/jobs/components/job-details-step';
import { editJobPath, JOBS_PATH } from '@/features/jobs/jobs-paths';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { PageHeader } from '@/ui/page-header';

const LAST_STEP = 1;

/** The step of the URL: numeric, 0 when missing or unreadable. */
export function stepOf(value: string | undefined): number {
  const step = Number(value ?? 0);
  return Number.isInteger(step) && step >= 0 ? step : 0;
}

/**
 * create-job and /operations/jobs/:jobId/edit-job/:step. Step 0: the job and its activities; step 1 (a saved job
 * only): additional settings. A job that cannot be loaded shows the error and returns to the jobs list.
 */
export default function JobEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const params = useParams();
  const jobId = params.jobId ? Number(params.jobId) : null;
  const step = stepOf(params.step);
  const isEditing = jobId !== null;
  const job = useJob(current.id, jobId ?? 0, isEditing);

  useEffect(() => {
    if (!job.isError) return;
    void notifyHttpError(job.error);
    navigate(JOBS_PATH, { replace: true });
  }, [job.isError, job.error, navigate]);

  if (isEditing && (!Number.isInteger(jobId) || jobId <= 0)) return <Navigate to={JOBS_PATH} replace />;
  if (isEditing && step > LAST_STEP) return <Navigate to={editJobPath(jobId, LAST_STEP)} replace />;

  return (
    <>
      <PageHeader
        title={isEditing ? t('jobs.editor.editTitle') : t('jobs.editor.createTitle')}
        description={job.data?.name}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(JOBS_PATH)}>
            {t('jobs.back')}
          </Button>
        }
      />
      <Steps
        current={isEditing ? step : 0}
        style={{ marginBottom: 24, maxWidth: 560 }}
        onChange={isEditing ? (next) => navigate(editJobPath(jobId, next)) : undefined}
        items={[
          { title: t('jobs.editor.stepDetails') },
          { title: t('jobs.editor.stepSettings'), disabled: !isEditing },
        ]}
      />
      {isEditing && !job.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : step === 1 && job.data ? (
        <AdditionalSettingsStep job={job.data} />
      ) : (
        <JobDetailsStep key={job.data?.id ?? 'new'} job={job.data ?? null} />
      )}
    </>
  );
}
