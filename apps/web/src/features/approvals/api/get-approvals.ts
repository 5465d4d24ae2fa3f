import {
  APPROVAL_SORT_COLUMNS,
  type ApprovalKind,
  type ApprovalRow,
  type ApprovalStatus,
  approvalEndpoints,
  type PagedAnswer,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

export type ApprovalsParams = { start: number; length: number; status?: ApprovalStatus; kind?: ApprovalKind };

/** GET /v2/approvals: one DataTables page of the module's approval requests, newest first. */
export async function getApprovals(params: ApprovalsParams): Promise<PagedAnswer<ApprovalRow>> {
  const { start, length, ...filters } = params;
  const query: Record<string, string | number> = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: APPROVAL_SORT_COLUMNS.map((data) => ({ data })),
  });
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return call(approvalEndpoints.list, { query });
}

export const approvalsRoot = (moduleId: number) => ['approvals', moduleId] as const;

export function approvalsQuery(moduleId: number, params: ApprovalsParams) {
  return queryOptions({
    queryKey: [...approvalsRoot(moduleId), 'list', params],
    queryFn: () => getApprovals(params),
    placeholderData: keepPreviousData,
  });
}

export function useApprovals(moduleId: number, params: ApprovalsParams) {
  return useQuery(approvalsQuery(moduleId, params));
}
