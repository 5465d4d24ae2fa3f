import { type Module, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/modules?Find=AllAssigned, first 100: the modules the user may work in. */
export async function getAssignedModules(): Promise<Module[]> {
  const page = await call(
    moduleEndpoints.allAssigned,
    { query: { start: 0, length: 100 } },
    // Sent without X-Module-Id: a stored module the user lost must not block finding the ones they have.
    { isWithoutModule: true },
  );
  return page.data;
}

/** Kept for the whole session (the spec caches them indefinitely); creating a module invalidates it. */
export const assignedModulesQuery = queryOptions({
  queryKey: readKeys.modules.assigned(),
  queryFn: getAssignedModules,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useAssignedModules() {
  return useQuery(assignedModulesQuery);
}
