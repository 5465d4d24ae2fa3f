import { type JobCronOperation, type JobDetail, jobCronRequestSchema, jobEndpoints } from '@recon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads } from '@/lib/reads/read-keys';

const CRON_ENDPOINTS = {
  SCHEDULE_CRON_JOB: jobEndpoints.scheduleCron,
  PAUSE_CRON_JOB: jobEndpoints.pauseCron,
  RESUME_CRON_JOB: jobEndpoints.resumeCron,
  TERMINATE_CRON_JOB: jobEndpoints.terminateCron,
} as const satisfies Record<JobCronOperation, unknown>;

export type ScheduleChange = { operation: JobCronOperation; id: number; cronExpression?: string };

/** PUT /v2/jobs?opertionType=SCHEDULE_CRON_JOB | PAUSE_CRON_JOB | RESUME_CRON_JOB | TERMINATE_CRON_JOB. */
export async function changeJobSchedule({ operation, id, cronExpression }: ScheduleChange): Promise<JobDetail> {
  const body = jobCronRequestSchema.parse(operation === 'SCHEDULE_CRON_JOB' ? { id, cronExpression } : { id });
  return call(CRON_ENDPOINTS[operation], { body });
}

export function useChangeJobSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeJobSchedule,
    onSuccess: () => invalidateReads(queryClient, 'jobs'),
  });
}
