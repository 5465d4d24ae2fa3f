import { PAGE_SIZE_OPTIONS } from '@recon/contract';

/** Paging and searches live in the URL, so a filtered page can be shared and survives a reload. */
export type PagedSearchState = {
  page: number;
  size: number;
  search?: string;
  /** A rows page: one column's "contains" search. */
  column?: string;
  value?: string;
};

export function readPagedSearch(params: URLSearchParams, defaultPageSize: number): PagedSearchState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const column = params.get('column')?.trim() || undefined;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
    search: params.get('search')?.trim() || undefined,
    column,
    value: column ? params.get('value')?.trim() || undefined : undefined,
  };
}

export function writePagedSearch(state: PagedSearchState): URLSearchParams {
  const params = new URLSearchParams({ page: String(state.page), size: String(state.size) });
  for (const key of ['search', 'column', 'value'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}

export const startOf = (state: PagedSearchState) => (state.page - 1) * state.size;
