import type { DataSourcesParams } from '@/features/data-sources/api/get-data-sources';
import { type Paging, pageStart, readPaging, writePaging } from '@/lib/list-paging';

/** Paging and filters live in the URL, so a filtered page can be shared and survives a reload. */
export type DataSourceListState = Paging & {
  name?: string;
  /** A recon id. */
  recon?: number;
  pipeline?: string;
  table?: string;
};

const TEXT_FILTERS = ['name', 'pipeline', 'table'] as const;

export function readListState(params: URLSearchParams, defaultPageSize: number): DataSourceListState {
  const recon = Number.parseInt(params.get('recon') ?? '', 10);
  const state: DataSourceListState = {
    ...readPaging(params, defaultPageSize),
    recon: Number.isInteger(recon) && recon > 0 ? recon : undefined,
  };
  for (const key of TEXT_FILTERS) state[key] = params.get(key)?.trim() || undefined;
  return state;
}

export function writeListState(state: DataSourceListState): URLSearchParams {
  const params = writePaging(state);
  if (state.recon) params.set('recon', String(state.recon));
  for (const key of TEXT_FILTERS) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function toListParams(state: DataSourceListState): DataSourcesParams {
  return {
    start: pageStart(state),
    length: state.size,
    name: state.name,
    recon: state.recon,
    pipelineName: state.pipeline,
    table: state.table,
  };
}
