import { type RoleDetail, roleEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/roles/byRole/{role}: the role with every privilege, granted or not, and its description. */
export async function getRole(role: string): Promise<RoleDetail> {
  return call(roleEndpoints.role, { params: { role } });
}

export function roleQuery(role: string) {
  return queryOptions({ queryKey: readKeys.roles.detail(role), queryFn: () => getRole(role) });
}

export function useRole(role: string | undefined) {
  return useQuery({ ...roleQuery(role ?? ''), enabled: Boolean(role) });
}
