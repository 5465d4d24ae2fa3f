import { jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsQueryRoot } from '@/features/jobs/api/get-jobs';
import { loggedOptionFetch } from '@/features/jobs/api/option-fetch';
import { call } from '@/lib/call';

/** GET /v2/jobs?Find=ExportReportConfigTypes: the distinct report names (exportJobTypeName) of the module. */
export async function getExportReportConfigTypes(): Promise<string[]> {
  return (await call(jobEndpoints.exportReportConfigTypes)).data;
}

export function exportReportConfigTypesQuery(moduleId: number) {
  return queryOptions({
    queryKey: [...jobsQueryRoot, moduleId, 'export-report-config-types'],
    queryFn: () => loggedOptionFetch('report name', getExportReportConfigTypes),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useExportReportConfigTypes(moduleId: number, isEnabled = true) {
  return useQuery({ ...exportReportConfigTypesQuery(moduleId), enabled: isEnabled });
}
