import { PAGE_SIZE_OPTIONS } from '@recon/contract';
import type { DataSourcesParams } from '@/features/data-sources/api/get-data-sources';

/** Paging and filters live in the URL, so a filtered page can be shared and survives a reload. */
export type DataSourceListState = {
  page: number;
  size: number;
  name?: string;
  /** A recon id. */
  recon?: number;
  pipeline?: string;
  table?: string;
};

const TEXT_FILTERS = ['name', 'pipeline', 'table'] as const;

export function readListState(params: URLSearchParams, defaultPageSize: number): DataSourceListState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  const recon = Number.parseInt(params.get('recon') ?? '', 10);
  const state: DataSourceListState = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaultPageSize,
    recon: Number.isInteger(recon) && recon > 0 ? recon : undefined,
  };
  for (const key of TEXT_FILTERS) state[key] = params.get(key)?.trim() || undefined;
  return state;
}

export function writeListState(state: DataSourceListState): URLSearchParams {
  const params = new URLSearchParams({ page: String(state.page), size: String(state.size) });
  if (state.recon) params.set('recon', String(state.recon));
  for (const key of TEXT_FILTERS) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function toListParams(state: DataSourceListState): DataSourcesParams {
  return {
    start: (state.page - 1) * state.size,
    length: state.size,
    name: state.name,
    recon: state.recon,
    pipelineName: state.pipeline,
    table: state.table,
  };
}
