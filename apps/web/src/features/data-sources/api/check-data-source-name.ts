import { dataSourceEndpoints } from '@recon/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type NameCheck = { isValid: boolean; message: string };

/** GET v2/datasources?Find=validateDataSourceName&name=[&id=]: whether the name is free in the module. */
export async function checkDataSourceName(name: string, exceptId?: number): Promise<NameCheck> {
  const query: Record<string, string | number> = { name };
  if (exceptId !== undefined) query.id = exceptId;
  return (await call(dataSourceEndpoints.validateName, { query })).data;
}

export function dataSourceNameQuery(moduleId: number, name: string, exceptId?: number) {
  return queryOptions({
    queryKey: readKeys.dataSources.nameCheck(moduleId, name, exceptId ?? null),
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
