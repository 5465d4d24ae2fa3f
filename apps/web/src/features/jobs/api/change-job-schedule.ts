import { type JobCronOperation, type JobDetail, jobCronRequestSchema, jobDetailSchema } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { http } from '@/lib/http';

export type ScheduleChange = { operation: JobCronOperation; id: number; cronExpression?: string };

/** PUT /v2/jobs?opertionType=SCHEDULE_CRON_JOB | PAUSE_CRON_JOB | RESUME_CRON_JOB | TERMINATE_CRON_JOB. */
export async function changeJobSchedule({ operation, id, cronExpression }: ScheduleChange): Promise<JobDetail> {
  const body = jobCronRequestSchema.parse(operation === 'SCHEDULE_CRON_JOB' ? { id, cronExpression } : { id });
  const { data } = await http.put('/v2/jobs', body, { params: { opertionType: operation } });
  return jobDetailSchema.parse(data);
}

export function useChangeJobSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeJobSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryRoot }),
  });
}
