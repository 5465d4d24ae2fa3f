import { type RoleRow, roleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/roles: every role with its maker / checker kind, for the role pickers and the role list. */
export async function getRoles(): Promise<RoleRow[]> {
  return (await call(roleEndpoints.list, {})).data;
}

export function rolesQuery() {
  return queryOptions({ queryKey: readKeys.roles.all(), queryFn: getRoles, staleTime: 60_000 });
}

export function useRoles(isEnabled = true) {
  return useQuery({ ...rolesQuery(), enabled: isEnabled });
}
