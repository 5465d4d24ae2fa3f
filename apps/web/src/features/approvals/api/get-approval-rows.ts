import { type ApprovalRowsPage, approvalRowsPageSchema } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvalsRoot } from '@/features/approvals/api/get-approvals';
import { http } from '@/lib/http';

export type ApprovalRowsParams = { id: number; start: number; length: number };

/** GET /v2/approvals/{id}/rows: a page of a knock-off request's rows, as they are now. */
export async function getApprovalRows({ id, start, length }: ApprovalRowsParams): Promise<ApprovalRowsPage> {
  const { data } = await http.get(`/v2/approvals/${id}/rows`, { params: { start, length, draw: 1 } });
  return approvalRowsPageSchema.parse(data);
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
