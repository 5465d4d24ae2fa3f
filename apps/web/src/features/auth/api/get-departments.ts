import { type Department, departmentsEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export async function getDepartments(): Promise<Department[]> {
  return (await call(departmentsEndpoints.list, {}, { isPublic: true })).data;
}

export const departmentsQuery = queryOptions({
  queryKey: ['departments'],
  queryFn: getDepartments,
  staleTime: 5 * 60_000,
});

export function useDepartments(isEnabled = true) {
  return useQuery({ ...departmentsQuery, enabled: isEnabled });
}
