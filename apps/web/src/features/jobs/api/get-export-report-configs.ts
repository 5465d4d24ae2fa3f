import { type ExportReportConfig, jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { call } from '@/lib/call';

/** GET /v2/jobs?Find=ExportReportConfigs: the module's export report configs (what export activities run). */
export async function getExportReportConfigs(): Promise<ExportReportConfig[]> {
  return (await call(jobEndpoints.exportReportConfigs)).data;
}

export function exportReportConfigsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...jobsQueryRoot, moduleId, 'export-report-configs'],
    queryFn: () => loggedOptionFetch('export report config', getExportReportConfigs),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useExportReportConfigs(moduleId: number, isEnabled = true) {
  return useQuery({ ...exportReportConfigsQuery(moduleId), enabled: isEnabled });
}
