import { type ModuleSettings, modulesResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const modulesQueryRoot = ['modules'] as const;

/** GET /v2/modules: every module (module settings, privilege modules). */
export async function getModules(): Promise<ModuleSettings[]> {
  const { data } = await http.get('/v2/modules');
  return modulesResponseSchema.parse(data).data;
}

export const modulesQuery = queryOptions({ queryKey: [...modulesQueryRoot, 'all'], queryFn: getModules });

export function useModules() {
  return useQuery(modulesQuery);
}
