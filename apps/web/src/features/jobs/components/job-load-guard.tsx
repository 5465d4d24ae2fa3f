import type { JobDetail } from '@recon/contract';
import { Skeleton } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useJob } from '@/features/jobs/api/get-job';
import { JOBS_PATH } from '@/features/jobs/jobs-paths';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';

/** Loads the job of the `:jobId` route parameter; a failed load shows the error and returns to the jobs list. */
export function JobLoadGuard({ children }: { children: (job: JobDetail) => ReactNode }) {
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const jobId = Number(useParams().jobId);
  const isValidId = Number.isInteger(jobId) && jobId > 0;
  const job = useJob(current.id, jobId, isValidId);

  useEffect(() => {
    if (!isValidId) navigate(JOBS_PATH, { replace: true });
  }, [isValidId, navigate]);
  useEffect(() => {
    if (!job.isError) return;
    void notifyHttpError(job.error);
    navigate(JOBS_PATH, { replace: true });
  }, [job.isError, job.error, navigate]);

  return job.data ? children(job.data) : <Skeleton active paragraph={{ rows: 6 }} />;
}
