import {
  type DuplicateRow,
  type InvalidRow,
  type PagedAnswer,
  pipelineRowEndpoints,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const pipelineRowsRoot = (moduleId: number) => ['pipeline-rows', moduleId] as const;

export type PipelineRowKind = 'invalid' | 'duplicates';
export type PipelineRow = InvalidRow | DuplicateRow;

export type PipelineRowsParams = {
  dataSourceId: number;
  /** Loading days, YYYY-MM-DD, inclusive. */
  fromDate: string;
  toDate: string;
  start: number;
  length: number;
  /** Column → text the column must contain (the server's column search). */
  searches: Readonly<Record<string, string>>;
  sort?: { column: string; dir: 'asc' | 'desc' };
};

/**
 * Only the searched and the sorted columns are named in the DataTables keys: every value comes back anyway,
 * and the call does not change while the data source's columns load.
 */
export function toPipelineRowsQuery(params: PipelineRowsParams): Record<string, string | number> {
  const { dataSourceId, fromDate, toDate, start, length, searches, sort } = params;
  const searched = Object.entries(searches).filter(([, value]) => value.trim() !== '');
  const columns = searched.map(([data, searchValue]) => ({ data, searchValue }));
  if (sort && !columns.some((c) => c.data === sort.column)) columns.push({ data: sort.column, searchValue: '' });
  const order = sort ? [{ column: columns.findIndex((c) => c.data === sort.column), dir: sort.dir }] : [];
  return {
    ...toPagedQuery({ start, length, draw: start / length + 1, columns, order }),
    dataSourceId,
    fromDate,
    toDate,
  };
}

/** GET /v2/pipelinerows/invalid | /duplicates: one page of a data source's invalid or duplicate rows. */
export async function getPipelineRows(
  kind: PipelineRowKind,
  params: PipelineRowsParams,
): Promise<PagedAnswer<PipelineRow>> {
  return call(pipelineRowEndpoints[kind], { query: toPipelineRowsQuery(params) });
}

export function pipelineRowsQuery(moduleId: number, kind: PipelineRowKind, params: PipelineRowsParams) {
  return queryOptions({
    queryKey: [...pipelineRowsRoot(moduleId), kind, params],
    queryFn: () => getPipelineRows(kind, params),
    // The previous page stays while the next loads, but never another data source's rows under these columns.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as PipelineRowsParams | undefined)?.dataSourceId === params.dataSourceId
        ? keepPreviousData(previous)
        : undefined,
  });
}

export function usePipelineRows(moduleId: number, kind: PipelineRowKind, params: PipelineRowsParams | undefined) {
  return useQuery({
    ...pipelineRowsQuery(
      moduleId,
      kind,
      params ?? { dataSourceId: 0, fromDate: '', toDate: '', start: 0, length: 1, searches: {} },
    ),
    enabled: params !== undefined,
  });
}
