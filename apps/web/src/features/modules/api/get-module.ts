import { type ModuleDetail, moduleDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { http } from '@/lib/http';

/** GET /v2/modules/{id}: one module with its user ids. */
export async function getModule(id: number): Promise<ModuleDetail> {
  const { data } = await http.get(`/v2/modules/${id}`);
  return moduleDetailSchema.parse(data);
}

export function moduleQuery(id: number) {
  return queryOptions({ queryKey: [...modulesQueryRoot, 'detail', id], queryFn: () => getModule(id) });
}

export function useModule(id: number | null) {
  return useQuery({ ...moduleQuery(id ?? 0), enabled: id !== null });
}
