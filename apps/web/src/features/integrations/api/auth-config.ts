import {
  type AuthConfigInput,
  type AuthConfigResponse,
  authConfigEndpoints,
  authConfigInputSchema,
} from '@recon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const authConfigQuery = queryOptions({
  queryKey: ['auth-config'],
  queryFn: () => call(authConfigEndpoints.get),
});

/** GET v2/authConfig: the sign-in policy in force and its defaults. */
export function useAuthConfig() {
  return useQuery(authConfigQuery);
}

/** PUT v2/authConfig; the caller shows field errors itself (saveWithFieldErrors). */
export function useSaveAuthConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthConfigInput): Promise<AuthConfigResponse> =>
      call(authConfigEndpoints.update, { body: authConfigInputSchema.parse(body) }),
    meta: { successMessage, isGlobalErrorSkipped: true },
    onSuccess: (answer) => queryClient.setQueryData(authConfigQuery.queryKey, answer),
  });
}
