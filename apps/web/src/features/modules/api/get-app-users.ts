import { type AppUserRow, type PagedAnswer, toPagedQuery, userEndpoints } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type AppUsersParams = { search: string; start: number; length: number };

/** GET /v2/appusers (DataTables): users whose name matches the search, for the module user picker. */
export async function getAppUsers({ search, start, length }: AppUsersParams): Promise<PagedAnswer<AppUserRow>> {
  const params = toPagedQuery({
    start,
    length,
    columns: [
      { data: 'name', searchValue: search.trim() },
      { data: 'email' },
      { data: 'module' },
      { data: 'isActive' },
    ],
  });
  return call(userEndpoints.list, { query: params });
}

export function appUsersQuery(params: AppUsersParams) {
  return queryOptions({ queryKey: readKeys.users.list(params), queryFn: () => getAppUsers(params), staleTime: 60_000 });
}

export function useAppUsers(params: AppUsersParams, isEnabled = true) {
  return useQuery({ ...appUsersQuery(params), enabled: isEnabled, placeholderData: keepPreviousData });
}
