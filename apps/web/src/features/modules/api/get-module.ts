import { type ModuleDetail, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

/** GET /v2/modules/{id}: one module with its user ids. */
export async function getModule(id: number): Promise<ModuleDetail> {
  return call(moduleEndpoints.detail, { params: { id } });
}

export function moduleQuery(id: number) {
  return queryOptions({ queryKey: [...modulesQueryRoot, 'detail', id], queryFn: () => getModule(id) });
}

export function useModule(id: number | null) {
  return useQuery({ ...moduleQuery(id ?? 0), enabled: id !== null });
}
