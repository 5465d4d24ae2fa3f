import type { UserFilters, UsersParams } from '@/features/users/api/get-users';
import { type Paging, pageStart, readPaging, writePaging } from '@/lib/list-paging';

/** Paging and column filters live in the URL, so a filtered list can be shared and survives a reload. */
export type UserListState = Paging & UserFilters;

const TEXT_FILTERS = ['name', 'email', 'module'] as const;

export function readUserListState(params: URLSearchParams, defaultPageSize: number): UserListState {
  const isActive = params.get('isActive');
  const state: UserListState = {
    ...readPaging(params, defaultPageSize),
    isActive: isActive === 'true' || isActive === 'false' ? isActive : undefined,
  };
  for (const key of TEXT_FILTERS) state[key] = params.get(key)?.trim() || undefined;
  return state;
}

export function writeUserListState(state: UserListState): URLSearchParams {
  const params = writePaging(state);
  for (const key of [...TEXT_FILTERS, 'isActive'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function toUsersParams({ page, size, ...filters }: UserListState): UsersParams {
  return { ...filters, start: pageStart({ page, size }), length: size };
}
