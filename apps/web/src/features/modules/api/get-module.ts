import { type ModuleDetail, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/modules/{id}: one module with its user ids. */
export async function getModule(id: number): Promise<ModuleDetail> {
  return call(moduleEndpoints.detail, { params: { id } });
}

export function moduleQuery(id: number) {
  return queryOptions({ queryKey: readKeys.modules.detail(id), queryFn: () => getModule(id) });
}

export function useModule(id: number | null) {
  return useQuery({ ...moduleQuery(id ?? 0), enabled: id !== null });
}
