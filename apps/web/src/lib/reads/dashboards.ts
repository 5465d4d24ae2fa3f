import { dashboardEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/**
 * GET /v2/dashboards: the module's dashboards (the default one first). Read by the dynamic Dashboard menu, the
 * Dashboard pages and the jobs' file-approval dashboard picker. The first read makes a module's default dashboard.
 */
export function dashboardListQuery(moduleId: number) {
  return queryOptions({
    queryKey: readKeys.dashboards.list(moduleId),
    queryFn: async () => (await call(dashboardEndpoints.dashboards)).data,
    staleTime: 60_000,
  });
}

export function useDashboardList(moduleId: number, enabled = true) {
  return useQuery({ ...dashboardListQuery(moduleId), enabled });
}

/** GET /v2/dashboards/{id}: one dashboard with its dashlets and their places. */
export function dashboardQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: readKeys.dashboards.detail(moduleId, id),
    queryFn: () => call(dashboardEndpoints.dashboard, { params: { id } }),
  });
}

export function useDashboard(moduleId: number, id: number | undefined) {
  return useQuery({ ...dashboardQuery(moduleId, id ?? 0), enabled: id !== undefined && id > 0 });
}
