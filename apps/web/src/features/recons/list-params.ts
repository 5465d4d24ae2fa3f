import { PAGE_SIZE_OPTIONS } from '@recon/contract';

/** Paging and the search live in the URL, so a filtered page can be shared and survives a reload. */
export type ReconListState = { page: number; size: number; search?: string };

export function readListState(params: URLSearchParams, defaultPageSize: number): ReconListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
    search: params.get('search')?.trim() || undefined,
  };
}

export function writeListState(state: ReconListState): URLSearchParams {
  const params = new URLSearchParams({ page: String(state.page), size: String(state.size) });
  if (state.search) params.set('search', state.search);
  return params;
}
