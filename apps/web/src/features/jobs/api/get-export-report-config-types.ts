import { jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/jobs?Find=ExportReportConfigTypes: the distinct report names (exportJobTypeName) of the module. */
export async function getExportReportConfigTypes(): Promise<string[]> {
  return (await call(jobEndpoints.exportReportConfigTypes)).data;
}

export function exportReportConfigTypesQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...readKeys.jobs.ofModule(moduleId), 'export-report-config-types'],
    queryFn: () => loggedOptionFetch('report name', getExportReportConfigTypes),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useExportReportConfigTypes(moduleId: number, isEnabled = true) {
  return useQuery({ ...exportReportConfigTypesQuery(moduleId), enabled: isEnabled });
}
