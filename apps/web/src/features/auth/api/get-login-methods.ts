import { type LoginMethodsResponse, loginMethodsResponseSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type LoginMethod = LoginMethodsResponse['data'][number];

export async function getLoginMethods(): Promise<LoginMethod[]> {
  const { data } = await http.get('/v2/login-methods', { isPublic: true });
  return loginMethodsResponseSchema.parse(data).data.filter((m) => m.isEnabled);
}

export const loginMethodsQuery = queryOptions({
  queryKey: ['login-methods'],
  queryFn: getLoginMethods,
  staleTime: 5 * 60_000,
  // If the list cannot be read the page still offers the password form; no toast for that.
  meta: { isGlobalErrorSkipped: true },
});

export function useLoginMethods() {
  return useQuery(loginMethodsQuery);
}
