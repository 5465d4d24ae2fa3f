import {
  type ReportDefinition,
  type ReportGroupSave,
  type ReportRunBody,
  type ReportSave,
  reportEndpoints,
} from '@recon/contract';
import { DOWNLOAD_TEXTS } from '@recon/contract/texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { DOWNLOADS_QUERY_ROOT } from '@/lib/create-download';

/** The report calls (decision 0036) for Reports › report-config-list and reports-execution, keyed by module. */

export const reportsRoot = (moduleId: number) => ['reports', moduleId] as const;

export function useReports(moduleId: number, page: { start: number; length: number; search: string }) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'list', page],
    queryFn: () =>
      call(reportEndpoints.list, {
        query: { start: page.start, length: page.length, 'search[value]': page.search || undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReport(moduleId: number, id: number | null) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'one', id],
    queryFn: () => call(reportEndpoints.get, { params: { id: id as number } }),
    enabled: id !== null,
  });
}

export function useReportDataSources(moduleId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'data-sources'],
    queryFn: () => call(reportEndpoints.dataSources),
    enabled,
  });
}

/** A change of the area, refreshing its reads; a form's save shows its own errors (`isForm`, see saveWithFieldErrors). */
function useReportChange<A, R>(moduleId: number, run: (args: A) => Promise<R>, isForm = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: isForm ? { isGlobalErrorSkipped: true } : undefined,
    onSuccess: () => client.invalidateQueries({ queryKey: reportsRoot(moduleId) }),
  });
}

export const useSaveReport = (moduleId: number) =>
  useReportChange(
    moduleId,
    ({ id, body }: { id: number | null; body: ReportSave }) =>
      id ? call(reportEndpoints.update, { params: { id }, body }) : call(reportEndpoints.create, { body }),
    true,
  );
export const useDeleteReport = (moduleId: number) =>
  useReportChange(moduleId, (id: number) => call(reportEndpoints.delete, { params: { id } }));
export const useRunReport = (moduleId: number) =>
  useReportChange(moduleId, ({ id, body }: { id: number; body: ReportRunBody }) =>
    call(reportEndpoints.run, { params: { id }, body }),
  );

/** GET /v2/scheduleSqlQuerys: the module's report groups, each with its reports in order. */
export function useReportGroups(moduleId: number) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'groups'],
    queryFn: async () => (await call(reportEndpoints.groups)).data,
  });
}

export const useSaveReportGroup = (moduleId: number) =>
  useReportChange(
    moduleId,
    ({ id, body }: { id: number | null; body: ReportGroupSave }) =>
      id ? call(reportEndpoints.updateGroup, { params: { id }, body }) : call(reportEndpoints.createGroup, { body }),
    true,
  );
export const useDeleteReportGroup = (moduleId: number) =>
  useReportChange(moduleId, (id: number) => call(reportEndpoints.deleteGroup, { params: { id } }));

export const usePreviewReport = () =>
  useMutation({
    mutationFn: (body: ReportDefinition) => call(reportEndpoints.preview, { body }),
    meta: { isGlobalErrorSkipped: true },
  });

export function useReportExecutions(
  moduleId: number,
  reportId: number | null,
  page: { start: number; length: number },
) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'executions', reportId, page],
    queryFn: () =>
      call(reportEndpoints.executions, {
        query: { reportId: reportId ?? undefined, start: page.start, length: page.length },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReportResults(
  moduleId: number,
  executionId: number | null,
  page: { start: number; length: number },
) {
  return useQuery({
    queryKey: [...reportsRoot(moduleId), 'results', executionId, page],
    queryFn: () =>
      call(reportEndpoints.results, {
        params: { executionId: executionId as number },
        query: { start: page.start, length: page.length },
      }),
    enabled: executionId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /v2/reports/executions/{id}/download: a REPORT request in the Downloads area (report-downloads). */
export function useReportDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ executionId, format }: { executionId: number; format: 'CSV' | 'XLSX' }) =>
      call(reportEndpoints.download, { params: { executionId }, query: { format } }),
    meta: { successMessage: DOWNLOAD_TEXTS.requested },
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOADS_QUERY_ROOT }),
  });
}
