import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JobLoadGuard } from '@/features/jobs/components/job-load-guard';
import { JobSummary } from '@/features/jobs/components/job-summary';
import { RunJobForm } from '@/features/jobs/components/run-job-form';
import { JOBS_PATH } from '@/features/jobs/jobs-paths';
import { PageHeader } from '@/ui/page-header';

/** /operations/jobs/run-job/:jobId: run a job now with its batch, cycle and date parameters. */
export default function RunJobPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <JobLoadGuard>
      {(job) => (
        <>
          <PageHeader
            title={t('jobs.run.title', { name: job.name })}
            description={job.description}
            extra={
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(JOBS_PATH)}>
                {t('jobs.back')}
              </Button>
            }
          />
          <Card>
            <JobSummary job={job} />
            <RunJobForm job={job} />
          </Card>
        </>
      )}
    </JobLoadGuard>
  );
}
