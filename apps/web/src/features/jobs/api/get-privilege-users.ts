import { type AppUserRow, toPagedQuery, userEndpoints } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

const PICKER_LENGTH = 50;

/**
 * GET /v2/appusers (DataTables): active users of the module (by its name) whose name matches, for the
 * pipeline-privilege user picker.
 */
export async function getPrivilegeUsers(moduleName: string, search: string): Promise<AppUserRow[]> {
  const params = toPagedQuery({
    start: 0,
    length: PICKER_LENGTH,
    columns: [
      { data: 'name', searchValue: search.trim() },
      { data: 'module', searchValue: moduleName },
      { data: 'isActive', searchValue: 'true' },
    ],
    order: [{ column: 0, dir: 'asc' }],
  });
  return (await call(userEndpoints.list, { query: params })).data;
}

export function privilegeUsersQuery(moduleName: string, search: string) {
  return queryOptions({
    queryKey: readKeys.users.ofModule(moduleName, search),
    queryFn: () => loggedOptionFetch('user', () => getPrivilegeUsers(moduleName, search)),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
  });
}

export function usePrivilegeUsers(moduleName: string, search: string, isEnabled = true) {
  return useQuery({
    ...privilegeUsersQuery(moduleName, search),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
