import { type ApprovalDetail, approvalEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalsRoot } from '@/features/approvals/api/get-approvals';
import { call } from '@/lib/call';

/** GET /v2/approvals/{id}: the request, what it would do, and whether the signed-in user may decide it. */
export async function getApproval(id: number): Promise<ApprovalDetail> {
  return call(approvalEndpoints.detail, { params: { id } });
}

export function approvalQuery(moduleId: number, id: number) {
  return queryOptions({ queryKey: [...approvalsRoot(moduleId), 'detail', id], queryFn: () => getApproval(id) });
}

export function useApproval(moduleId: number, id: number | undefined) {
  return useQuery({ ...approvalQuery(moduleId, id ?? 0), enabled: id !== undefined });
}
