import { type EmailFetchConfigsResponse, jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/jobs?Find=EmailFetchConfigs: the module's email parsing rules and mail accounts (EMAIL_FETCH picker). */
export async function getEmailFetchConfigs(): Promise<EmailFetchConfigsResponse> {
  return call(jobEndpoints.emailFetchConfigs);
}

export const emailFetchConfigsQuery = (moduleId: number) =>
  queryOptions({
    queryKey: [...readKeys.jobs.root, 'email-fetch-configs', moduleId],
    queryFn: () => loggedOptionFetch('email fetch', getEmailFetchConfigs),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });

export function useEmailFetchConfigs(moduleId: number, isEnabled = true) {
  return useQuery({ ...emailFetchConfigsQuery(moduleId), enabled: isEnabled });
}
