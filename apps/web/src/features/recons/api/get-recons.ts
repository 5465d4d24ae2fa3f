import { type PagedAnswer, type ReconRow, reconEndpoints, toPagedQuery } from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type ReconsParams = { start: number; length: number; search?: string };

/** GET /v2/recons: one page of the module's recons, searched over name and description. */
export async function getRecons(params: ReconsParams): Promise<PagedAnswer<ReconRow>> {
  const { start, length, search } = params;
  const query = toPagedQuery({ start, length, draw: start / length + 1 });
  if (search) query['search[value]'] = search;
  return call(reconEndpoints.list, { query });
}

export function reconsQuery(moduleId: number, params: ReconsParams) {
  return queryOptions({
    queryKey: readKeys.recons.list(moduleId, params),
    queryFn: () => getRecons(params),
    placeholderData: keepPreviousData,
  });
}

export function useRecons(moduleId: number, params: ReconsParams) {
  return useQuery(reconsQuery(moduleId, params));
}
