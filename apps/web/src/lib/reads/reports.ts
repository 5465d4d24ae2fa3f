import { reportEndpoints } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

/**
 * The report pickers (decision 0036): the module's report configs (GET /v2/reports), for the REPORT activity and
 * REPORT dashlets, and saved report groups (GET /v2/scheduleSqlQuerys), for the REPORT_GROUP activity. Under the
 * reports area's root key, so its changes refresh them.
 */

export function useReportOptions(moduleId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: readKeys.reports.options(moduleId),
    queryFn: () =>
      loggedOptionFetch('reports', async () =>
        (await call(reportEndpoints.list, { query: { start: 0, length: 2000 } })).data.map((r) => ({
          id: r.id,
          name: r.name,
        })),
      ),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
    enabled: isEnabled,
  });
}

export function useReportGroupOptions(moduleId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: readKeys.reports.groupOptions(moduleId),
    queryFn: () =>
      loggedOptionFetch('report groups', async () =>
        (await call(reportEndpoints.groups)).data.map((g) => ({
          id: g.id,
          name: g.name,
          reports: g.reports.map((r) => r.name),
        })),
      ),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
    enabled: isEnabled,
  });
}
