import { type Module, moduleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { call } from '@/lib/call';

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

export const assignedModulesQueryKey = [...modulesQueryRoot, 'assigned'] as const;

/** Kept for the whole session (the spec caches them indefinitely); creating a module invalidates it. */
export const assignedModulesQuery = queryOptions({
  queryKey: assignedModulesQueryKey,
  queryFn: getAssignedModules,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useAssignedModules() {
  return useQuery(assignedModulesQuery);
}
