import { type Paging, readPaging, writePaging } from '@/lib/list-paging';

/** Paging and searches live in the URL, so a filtered page can be shared and survives a reload. */
export type PagedSearchState = Paging & {
  search?: string;
  /** A rows page: one column's "contains" search. */
  column?: string;
  value?: string;
};

export function readPagedSearch(params: URLSearchParams, defaultPageSize: number): PagedSearchState {
  const column = params.get('column')?.trim() || undefined;
  return {
    ...readPaging(params, defaultPageSize),
    search: params.get('search')?.trim() || undefined,
    column,
    value: column ? params.get('value')?.trim() || undefined : undefined,
  };
}

export function writePagedSearch(state: PagedSearchState): URLSearchParams {
  const params = writePaging(state);
  for (const key of ['search', 'column', 'value'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}
