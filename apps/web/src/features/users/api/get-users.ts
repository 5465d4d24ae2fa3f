import { type AppUserDetail, type AppUserRow, type PagedAnswer, toPagedQuery, userEndpoints } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** The list's column filters (DataTables `columns[i][search][value]`): contains, isActive true / false. */
export type UserFilters = { name?: string; email?: string; module?: string; isActive?: 'true' | 'false' };
export type UsersParams = UserFilters & { start: number; length: number };

/** GET v2/appusers: one page of users, filtered by column, by user name. */
export async function getUsers({ start, length, ...filters }: UsersParams): Promise<PagedAnswer<AppUserRow>> {
  const query = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: [
      { data: 'userName' },
      { data: 'name', searchValue: filters.name ?? '' },
      { data: 'email', searchValue: filters.email ?? '' },
      { data: 'module', searchValue: filters.module ?? '' },
      { data: 'isActive', searchValue: filters.isActive ?? '' },
    ],
    order: [{ column: 0, dir: 'asc' }],
  });
  return call(userEndpoints.list, { query });
}

export function useUsers(params: UsersParams) {
  return useQuery(
    queryOptions({
      queryKey: readKeys.users.list(params),
      queryFn: () => getUsers(params),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET v2/appusers/{id}: the user as the edit form shows it. */
export async function getUser(id: number): Promise<AppUserDetail> {
  return call(userEndpoints.detail, { params: { id } });
}

export function useUser(id: number | null) {
  return useQuery({ queryKey: readKeys.users.detail(id ?? 0), queryFn: () => getUser(id ?? 0), enabled: id !== null });
}
