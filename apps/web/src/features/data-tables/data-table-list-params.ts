import { DATA_TABLE_KINDS, type DataTableKind } from '@recon/contract';
import type { DataTablesParams } from '@/features/data-tables/api/get-data-tables';
import { type Paging, pageStart, readPaging, writePaging } from '@/lib/list-paging';

/** Paging and filters live in the URL, so a filtered page can be shared and survives a reload. */
export type DataTableListState = Paging & { search?: string; kind?: DataTableKind };

export function readListState(params: URLSearchParams, defaultPageSize: number): DataTableListState {
  const kind = params.get('kind');
  return {
    ...readPaging(params, defaultPageSize),
    search: params.get('search')?.trim() || undefined,
    kind: DATA_TABLE_KINDS.find((k) => k === kind),
  };
}

export function writeListState(state: DataTableListState): URLSearchParams {
  const params = writePaging(state);
  if (state.search) params.set('search', state.search);
  if (state.kind) params.set('kind', state.kind);
  return params;
}

export function toListParams(state: DataTableListState): DataTablesParams {
  return { start: pageStart(state), length: state.size, search: state.search, kind: state.kind };
}
