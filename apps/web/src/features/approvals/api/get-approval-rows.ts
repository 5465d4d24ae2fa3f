import { type ApprovalRowsPage, approvalEndpoints } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvalsRoot } from '@/features/approvals/api/get-approvals';
import { call } from '@/lib/call';

export type ApprovalRowsParams = { id: number; start: number; length: number };

/** GET /v2/approvals/{id}/rows: a page of a knock-off request's rows, as they are now. */
export async function getApprovalRows({ id, start, length }: ApprovalRowsParams): Promise<ApprovalRowsPage> {
  return call(approvalEndpoints.rows, { params: { id }, query: { start, length, draw: 1 } });
}

export function approvalRowsQuery(moduleId: number, params: ApprovalRowsParams) {
  return queryOptions({
    queryKey: [...approvalsRoot(moduleId), 'rows', params],
    queryFn: () => getApprovalRows(params),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalRows(moduleId: number, params: ApprovalRowsParams) {
  return useQuery(approvalRowsQuery(moduleId, params));
}
