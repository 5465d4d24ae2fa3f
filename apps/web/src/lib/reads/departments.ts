import { type Department, departmentEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET v2/user-department: the departments (public), for the unassigned page and the Users form. */
export async function getDepartments(): Promise<Department[]> {
  return (await call(departmentEndpoints.list, {}, { isPublic: true })).data;
}

export const departmentsQuery = queryOptions({
  queryKey: ['departments'],
  queryFn: getDepartments,
  staleTime: 5 * 60_000,
});

export function useDepartments(isEnabled = true) {
  return useQuery({ ...departmentsQuery, enabled: isEnabled });
}
