import { DATA_TABLE_KINDS, type DataTableKind, PAGE_SIZE_OPTIONS } from '@recon/contract';
import type { DataTablesParams } from '@/features/data-tables/api/get-data-tables';

/** Paging and filters live in the URL, so a filtered page can be shared and survives a reload. */
export type DataTableListState = { page: number; size: number; search?: string; kind?: DataTableKind };

export function readListState(params: URLSearchParams, defaultPageSize: number): DataTableListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const kind = params.get('kind');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
    search: params.get('search')?.trim() || undefined,
    kind: DATA_TABLE_KINDS.find((k) => k === kind),
  };
}

export function writeListState(state: DataTableListState): URLSearchParams {
  const params = new URLSearchParams({ page: String(state.page), size: String(state.size) });
  if (state.search) params.set('search', state.search);
  if (state.kind) params.set('kind', state.kind);
  return params;
}

export function toListParams(state: DataTableListState): DataTablesParams {
  return { start: (state.page - 1) * state.size, length: state.size, search: state.search, kind: state.kind };
}
