import { dataSourceNameCheckResponseSchema } from '@recon/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dataSourcesQueryRoot } from '@/features/data-sources/api/get-data-sources';
import { http } from '@/lib/http';

export type NameCheck = { isValid: boolean; message: string };

/** GET v2/datasources?Find=validateDataSourceName&name=[&id=]: whether the name is free in the module. */
export async function checkDataSourceName(name: string, exceptId?: number): Promise<NameCheck> {
  const params: Record<string, string | number> = { Find: 'validateDataSourceName', name };
  if (exceptId !== undefined) params.id = exceptId;
  const { data } = await http.get('/v2/datasources', { params });
  return dataSourceNameCheckResponseSchema.parse(data).data;
}

export function dataSourceNameQuery(moduleId: number, name: string, exceptId?: number) {
  return queryOptions({
    queryKey: [...dataSourcesQueryRoot, moduleId, 'name-check', name, exceptId ?? null],
    queryFn: () => checkDataSourceName(name, exceptId),
    // Another user may take the name at any moment: every blur asks again.
    staleTime: 0,
  });
}

/** The check as the form runs it on blur. */
export function useCheckDataSourceName(moduleId: number, exceptId?: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (name: string) => queryClient.fetchQuery(dataSourceNameQuery(moduleId, name, exceptId)),
    [queryClient, moduleId, exceptId],
  );
}
