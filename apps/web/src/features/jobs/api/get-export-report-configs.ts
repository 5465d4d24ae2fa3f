import { type ExportReportConfig, jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/jobs?Find=ExportReportConfigs: the module's export report configs (what export activities run). */
export async function getExportReportConfigs(): Promise<ExportReportConfig[]> {
  return (await call(jobEndpoints.exportReportConfigs)).data;
}

export function exportReportConfigsQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...readKeys.jobs.ofModule(moduleId), 'export-report-configs'],
    queryFn: () => loggedOptionFetch('export report config', getExportReportConfigs),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useExportReportConfigs(moduleId: number, isEnabled = true) {
  return useQuery({ ...exportReportConfigsQuery(moduleId), enabled: isEnabled });
}
