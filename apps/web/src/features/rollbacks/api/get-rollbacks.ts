import {
  type PagedAnswer,
  ROLLBACK_SORT_COLUMNS,
  type RollbackRow,
  type RollbackStatus,
  rollbackEndpoints,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type RollbackSortColumn = (typeof ROLLBACK_SORT_COLUMNS)[number];

export type RollbacksParams = {
  start: number;
  length: number;
  status?: RollbackStatus;
  /** Part of the job name (the server's column search, case-insensitive). */
  jobName?: string;
  /** YYYY-MM-DD, request day, inclusive. */
  fromDate: string;
  toDate: string;
  sort?: { column: RollbackSortColumn; dir: 'asc' | 'desc' };
  jobExecutionId?: number;
};

/** GET /v2/executionrollbacks: one DataTables page of the module's rollbacks, newest first unless sorted. */
export async function getRollbacks(params: RollbacksParams): Promise<PagedAnswer<RollbackRow>> {
  const { start, length, sort, jobName, ...filters } = params;
  const query: Record<string, string | number> = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: ROLLBACK_SORT_COLUMNS.map((data) => ({ data, searchValue: data === 'jobName' ? jobName : undefined })),
    order: sort ? [{ column: ROLLBACK_SORT_COLUMNS.indexOf(sort.column), dir: sort.dir }] : [],
  });
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return call(rollbackEndpoints.list, { query });
}

/** While a rollback is queued or under way its status moves: the list and the detail ask again this often. */
export const ROLLBACK_REFRESH_MS = 3000;
const MOVING: ReadonlySet<string> = new Set(['QUEUED', 'ONGOING']);
export const isRollbackMoving = (status: string) => MOVING.has(status);

export const rollbacksRoot = (moduleId: number) => ['rollbacks', moduleId] as const;

export function rollbacksQuery(moduleId: number, params: RollbacksParams) {
  return queryOptions({
    queryKey: [...rollbacksRoot(moduleId), 'list', params],
    queryFn: () => getRollbacks(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((r) => isRollbackMoving(r.status)) ? ROLLBACK_REFRESH_MS : false,
  });
}

export function useRollbacks(moduleId: number, params: RollbacksParams) {
  return useQuery(rollbacksQuery(moduleId, params));
}
