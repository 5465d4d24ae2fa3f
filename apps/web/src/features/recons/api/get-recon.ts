import { type ReconDetail, reconEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/recons/{id}: one recon with its data sources (side A = sequence 1, side B = sequence 2). */
export async function getRecon(id: number): Promise<ReconDetail> {
  return call(reconEndpoints.detail, { params: { id } });
}

export function reconQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: readKeys.recons.detail(moduleId, id),
    queryFn: () => getRecon(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useRecon(moduleId: number, id: number) {
  return useQuery(reconQuery(moduleId, id));
}
