import { type BrsConfigSave, type BrsGroup, brsEndpoints } from '@recon/contract';
import { DOWNLOAD_TEXTS } from '@recon/contract/texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { DOWNLOADS_QUERY_ROOT } from '@/lib/create-download';

/** The BRS calls (decision 0038) for Reports › BRS Report, keyed by module. */

export const brsRoot = (moduleId: number) => ['brs', moduleId] as const;

export function useBrsConfigs(moduleId: number) {
  return useQuery({ queryKey: [...brsRoot(moduleId), 'list'], queryFn: () => call(brsEndpoints.list) });
}

export function useBrsDataSources(moduleId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...brsRoot(moduleId), 'data-sources'],
    queryFn: () => call(brsEndpoints.dataSources),
    enabled,
  });
}

function useBrsChange<A, R>(moduleId: number, run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: brsRoot(moduleId) }),
  });
}

export const useSaveBrsConfig = (moduleId: number) =>
  useBrsChange(moduleId, ({ id, body }: { id: number | null; body: BrsConfigSave }) =>
    id ? call(brsEndpoints.update, { params: { id }, body }) : call(brsEndpoints.create, { body }),
  );
export const useDeleteBrsConfig = (moduleId: number) =>
  useBrsChange(moduleId, (id: number) => call(brsEndpoints.delete, { params: { id } }));

export type StatementArgs = {
  id: number;
  asOnDate: string;
  bankBalance: string | null;
  booksBalance: string | null;
};
const enteredQuery = (a: StatementArgs) => ({
  asOnDate: a.asOnDate,
  bankBalance: a.bankBalance ?? undefined,
  booksBalance: a.booksBalance ?? undefined,
});

export function useBrsStatement(moduleId: number, a: StatementArgs | null) {
  return useQuery({
    queryKey: [...brsRoot(moduleId), 'statement', a],
    queryFn: () =>
      call(brsEndpoints.statement, { params: { id: a?.id ?? 0 }, query: enteredQuery(a as StatementArgs) }),
    enabled: a !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBrsGroupItems(
  moduleId: number,
  a: { id: number; group: BrsGroup; asOnDate: string; start: number; length: number },
) {
  return useQuery({
    queryKey: [...brsRoot(moduleId), 'items', a],
    queryFn: () =>
      call(brsEndpoints.groupItems, {
        params: { id: a.id, group: a.group },
        query: { asOnDate: a.asOnDate, start: a.start, length: a.length },
      }),
    placeholderData: keepPreviousData,
  });
}

/** statement_download: a BRS_REPORT request in the Downloads area (BRS Report Downloads lists it). */
export function useBrsDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: StatementArgs & { format: 'CSV' | 'XLSX' }) =>
      call(brsEndpoints.download, { params: { id: a.id }, query: { ...enteredQuery(a), format: a.format } }),
    meta: { successMessage: DOWNLOAD_TEXTS.requested },
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOADS_QUERY_ROOT }),
  });
}
