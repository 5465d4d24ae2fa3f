import { type GlConfigSave, glEndpoints } from '@recon/contract';
import { DOWNLOAD_TEXTS } from '@recon/contract/texts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { DOWNLOADS_QUERY_ROOT } from '@/lib/create-download';

/** The GL calls of spec 2 §7 for the Reports › GL Config pages, keyed by module. */

export const glRoot = (moduleId: number) => ['gl', moduleId] as const;

export function useGlConfigs(moduleId: number) {
  return useQuery({ queryKey: [...glRoot(moduleId), 'list'], queryFn: () => call(glEndpoints.list) });
}

export function useGlConfig(moduleId: number, id: number) {
  return useQuery({
    queryKey: [...glRoot(moduleId), 'config', id],
    queryFn: () => call(glEndpoints.get, { params: { id } }),
  });
}

export function useGlDataSources(moduleId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...glRoot(moduleId), 'data-sources'],
    queryFn: () => call(glEndpoints.dataSources),
    enabled,
  });
}

/** Saves, deletes, closes, reopens and refreshes: each refreshes the module's GL reads. */
function useGlChange<A, R>(moduleId: number, run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: glRoot(moduleId) }),
  });
}

export const useSaveGlConfig = (moduleId: number) =>
  useGlChange(moduleId, ({ id, body }: { id: number | null; body: GlConfigSave }) =>
    id ? call(glEndpoints.update, { params: { id }, body }) : call(glEndpoints.create, { body }),
  );
export const useDeleteGlConfig = (moduleId: number) =>
  useGlChange(moduleId, (id: number) => call(glEndpoints.delete, { params: { id } }));
export const useCloseBooks = (moduleId: number) =>
  useGlChange(moduleId, ({ id, closeDate }: { id: number; closeDate: string }) =>
    call(glEndpoints.closeBooks, { params: { id }, body: { closeDate } }),
  );
export const useReopenBooks = (moduleId: number) =>
  useGlChange(moduleId, ({ id, reason }: { id: number; reason: string | null }) =>
    call(glEndpoints.reopenBooks, { params: { id }, body: { reason } }),
  );
export const useRefreshGl = (moduleId: number) =>
  useGlChange(moduleId, (glConfigId: number) => call(glEndpoints.refresh, { params: { glConfigId } }));

export function glReportQuery(moduleId: number, id: number, asOnDate: string, fromDate: string | null) {
  return queryOptions({
    queryKey: [...glRoot(moduleId), 'report', id, asOnDate, fromDate],
    queryFn: () => call(glEndpoints.report, { params: { id }, query: { asOnDate, fromDate: fromDate ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useGlSummary(moduleId: number, id: number, startDate: string, endDate: string, enabled: boolean) {
  return useQuery({
    queryKey: [...glRoot(moduleId), 'summary', id, startDate, endDate],
    queryFn: () => call(glEndpoints.summary, { params: { id }, query: { startDate, endDate } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGlAgeing(moduleId: number, id: number, startDate: string, endDate: string, enabled: boolean) {
  return useQuery({
    queryKey: [...glRoot(moduleId), 'ageing', id, startDate, endDate],
    queryFn: () => call(glEndpoints.ageing, { params: { id }, query: { startDate, endDate } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export type ItemRowsArgs = {
  id: number;
  itemId: number;
  dataSourceId: number;
  asOnDate: string;
  fromDate: string | null;
  start: number;
  length: number;
};
export function useGlItemRows(moduleId: number, a: ItemRowsArgs) {
  return useQuery({
    queryKey: [...glRoot(moduleId), 'rows', a],
    queryFn: () =>
      call(glEndpoints.itemTransactions, {
        params: { id: a.id, itemId: a.itemId },
        query: {
          dataSourceId: a.dataSourceId,
          asOnDate: a.asOnDate,
          fromDate: a.fromDate ?? undefined,
          start: a.start,
          length: a.length,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export type GlDownloadArgs =
  | { kind: 'report'; id: number; asOnDate: string; fromDate: string | null; ageing: boolean; format: 'CSV' | 'XLSX' }
  | { kind: 'summary'; id: number; startDate: string; endDate: string; format: 'CSV' | 'XLSX' };

/** report_download / report_summary_download: a request in the Downloads area (the dropdown shows it). */
export function useGlDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: GlDownloadArgs) =>
      a.kind === 'report'
        ? call(glEndpoints.reportDownload, {
            params: { id: a.id },
            query: {
              asOnDate: a.asOnDate,
              fromDate: a.fromDate ?? undefined,
              downloadAgeingReport: a.ageing ? 'true' : undefined,
              format: a.format,
            },
          })
        : call(glEndpoints.summaryDownload, {
            params: { id: a.id },
            query: { startDate: a.startDate, endDate: a.endDate, format: a.format },
          }),
    meta: { successMessage: DOWNLOAD_TEXTS.requested },
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOADS_QUERY_ROOT }),
  });
}
