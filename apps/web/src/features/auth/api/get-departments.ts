import { type Department, departmentsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export async function getDepartments(): Promise<Department[]> {
  const { data } = await http.get('/v2/user-department', { isPublic: true });
  return departmentsResponseSchema.parse(data).data;
}

export const departmentsQuery = queryOptions({
  queryKey: ['departments'],
  queryFn: getDepartments,
  staleTime: 5 * 60_000,
});

export function useDepartments(isEnabled = true) {
  return useQuery({ ...departmentsQuery, enabled: isEnabled });
}
