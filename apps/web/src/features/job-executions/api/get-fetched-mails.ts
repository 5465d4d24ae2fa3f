import { type fetchedMailResponseSchema, mailIntegrationEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobExecutionsRoot } from '@/features/job-executions/api/get-job-executions';
import { EXECUTION_REFRESH_MS, isMoving } from '@/features/job-executions/execution-status';
import { call } from '@/lib/call';

export type FetchedMail = ReturnType<typeof fetchedMailResponseSchema.parse>['data'][number];

/** GET /v2/integrations/email/fetchEmails/metaData/{executionId}: the mails an EMAIL_FETCH activity of the run took. */
export async function getFetchedMails(executionId: number): Promise<FetchedMail[]> {
  return (await call(mailIntegrationEndpoints.fetchMetadata, { params: { executionId } })).data;
}

export function fetchedMailsQuery(moduleId: number, executionId: number, activityStatus: string) {
  return queryOptions({
    queryKey: [...jobExecutionsRoot(moduleId), 'fetched-mails', executionId, activityStatus],
    queryFn: () => getFetchedMails(executionId),
    // While the activity fetches, mails keep arriving.
    refetchInterval: isMoving(activityStatus) ? EXECUTION_REFRESH_MS : false,
  });
}

export function useFetchedMails(moduleId: number, executionId: number, activityStatus: string) {
  return useQuery(fetchedMailsQuery(moduleId, executionId, activityStatus));
}
