import { dataTablesResponseSchema, type Module, moduleSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { modulesQueryRoot } from '@/features/modules/api/get-modules';
import { http } from '@/lib/http';

const assignedModulesResponseSchema = dataTablesResponseSchema(moduleSchema);

/** GET v2/modules?Find=AllAssigned, first 100: the modules the user may work in. */
export async function getAssignedModules(): Promise<Module[]> {
  const { data } = await http.get('/v2/modules', {
    params: { Find: 'AllAssigned', start: 0, length: 100 },
    // Sent without X-Module-Id: a stored module the user lost must not block finding the ones they have.
    isWithoutModule: true,
  });
  return assignedModulesResponseSchema.parse(data).data;
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
