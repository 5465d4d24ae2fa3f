import { type ModuleSettings, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const modulesQueryRoot = ['modules'] as const;

/** GET /v2/modules: every module (module settings, privilege modules). */
export async function getModules(): Promise<ModuleSettings[]> {
  return (await call(moduleEndpoints.list)).data;
}

export const modulesQuery = queryOptions({ queryKey: [...modulesQueryRoot, 'all'], queryFn: getModules });

export function useModules() {
  return useQuery(modulesQuery);
}
