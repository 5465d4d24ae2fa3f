import { type Paging, readPaging, writePaging } from '@/lib/list-paging';

/** Paging and the search live in the URL, so a filtered page can be shared and survives a reload. */
export type ReconListState = Paging & { search?: string };

export function readListState(params: URLSearchParams, defaultPageSize: number): ReconListState {
  return { ...readPaging(params, defaultPageSize), search: params.get('search')?.trim() || undefined };
}

export function writeListState(state: ReconListState): URLSearchParams {
  const params = writePaging(state);
  if (state.search) params.set('search', state.search);
  return params;
}
