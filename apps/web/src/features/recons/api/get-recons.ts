import {
  type DataTablesResponse,
  dataTablesResponseSchema,
  type ReconRow,
  reconRowSchema,
  toDataTablesQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const reconsQueryRoot = ['recons'] as const;

const responseSchema = dataTablesResponseSchema(reconRowSchema);

export type ReconsParams = { start: number; length: number; search?: string };

/** GET /v2/recons: one page of the module's recons, searched over name and description. */
export async function getRecons(params: ReconsParams): Promise<DataTablesResponse<ReconRow>> {
  const { start, length, search } = params;
  const query = toDataTablesQuery({ start, length, draw: start / length + 1 });
  if (search) query['search[value]'] = search;
  const { data } = await http.get('/v2/recons', { params: query });
  return responseSchema.parse(data);
}

export function reconsQuery(moduleId: number, params: ReconsParams) {
  return queryOptions({
    queryKey: [...reconsQueryRoot, moduleId, 'list', params],
    queryFn: () => getRecons(params),
    placeholderData: keepPreviousData,
  });
}

export function useRecons(moduleId: number, params: ReconsParams) {
  return useQuery(reconsQuery(moduleId, params));
}
