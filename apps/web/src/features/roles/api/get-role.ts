import { type RoleDetail, roleDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** GET v2/roles/byRole/{role}: the role with every privilege, granted or not, and its description. */
export async function getRole(role: string): Promise<RoleDetail> {
  const { data } = await http.get(`/v2/roles/byRole/${encodeURIComponent(role)}`);
  return roleDetailSchema.parse(data);
}

export const roleQueryRoot = ['roles'] as const;

export function roleQuery(role: string) {
  return queryOptions({ queryKey: [...roleQueryRoot, role], queryFn: () => getRole(role) });
}

export function useRole(role: string | undefined) {
  return useQuery({ ...roleQuery(role ?? ''), enabled: Boolean(role) });
}
