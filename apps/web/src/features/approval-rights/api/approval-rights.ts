import { type ApprovalRight, approvalRightEndpoints, type UpdateApprovalRightRequest } from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

const rightsKey = (moduleId: number) => ['approval-rights', moduleId] as const;

/** GET v2/approvalRights: per kind of request, the roles that may decide it in the module. */
export function useApprovalRights(moduleId: number) {
  return useQuery({
    queryKey: rightsKey(moduleId),
    queryFn: async (): Promise<ApprovalRight[]> => (await call(approvalRightEndpoints.list, {})).data,
  });
}

/** PUT v2/approvalRights: one kind's roles in the module. */
export function useSaveApprovalRight(moduleId: number, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApprovalRightRequest) => call(approvalRightEndpoints.update, { body }),
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rightsKey(moduleId) }),
  });
}
