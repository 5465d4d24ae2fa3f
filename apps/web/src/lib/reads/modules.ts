import { type ModuleSettings, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/modules: every module (module settings and the Users form; privilege modules). */
export async function getModules(): Promise<ModuleSettings[]> {
  return (await call(moduleEndpoints.list)).data;
}

export const modulesQuery = queryOptions({ queryKey: readKeys.modules.list(), queryFn: getModules });

export function useModules() {
  return useQuery(modulesQuery);
}
