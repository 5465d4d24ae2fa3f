import {
  type DashboardPlacement,
  type DashboardSave,
  type DashletSave,
  dashboardEndpoints,
  downloadEndpoints,
} from '@recon/contract';
import { DOWNLOAD_TEXTS } from '@recon/contract/texts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { DOWNLOADS_QUERY_ROOT } from '@/lib/create-download';
import { invalidateReads, readKeys } from '@/lib/reads/read-keys';

/** The dashboard calls (decision 0037) for the Dashboard pages, keyed by module. */

export function useDashlets(moduleId: number) {
  return useQuery({
    queryKey: readKeys.dashboards.dashlets(moduleId),
    queryFn: async () => (await call(dashboardEndpoints.dashlets)).data,
  });
}

export function useDashlet(moduleId: number, id: number | undefined) {
  return useQuery({
    queryKey: [...readKeys.dashboards.dashlets(moduleId), id],
    queryFn: () => call(dashboardEndpoints.dashlet, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}

export function useDashletFigures(moduleId: number, dashletId: number) {
  return useQuery({
    queryKey: readKeys.dashboards.figures(moduleId, dashletId),
    queryFn: () => call(dashboardEndpoints.figures, { params: { id: dashletId } }),
    staleTime: 30_000,
  });
}

/** The editor's live preview: the figures of the dashlet as drafted (asked again when the draft changes). */
export function useDashletPreview(moduleId: number, draft: DashletSave | null) {
  return useQuery({
    queryKey: [...readKeys.dashboards.root, moduleId, 'preview', draft],
    queryFn: () => call(dashboardEndpoints.preview, { body: draft as DashletSave }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
    // The editor shows why the draft cannot be worked out next to the preview.
    meta: { isGlobalErrorSkipped: true },
  });
}

function useDashboardChange<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => invalidateReads(client, 'dashboards') });
}

export const useSaveDashlet = () =>
  useDashboardChange(({ id, body }: { id: number | null; body: DashletSave }) =>
    id
      ? call(dashboardEndpoints.updateDashlet, { params: { id }, body })
      : call(dashboardEndpoints.createDashlet, { body }),
  );
export const useDeleteDashlet = () =>
  useDashboardChange((id: number) => call(dashboardEndpoints.deleteDashlet, { params: { id } }));
export const useSaveDashboard = () =>
  useDashboardChange(({ id, body }: { id: number | null; body: DashboardSave }) =>
    id
      ? call(dashboardEndpoints.updateDashboard, { params: { id }, body })
      : call(dashboardEndpoints.createDashboard, { body }),
  );
export const useDeleteDashboard = () =>
  useDashboardChange((id: number) => call(dashboardEndpoints.deleteDashboard, { params: { id } }));

/** A drag or a resize: the layout is kept; the dashboard's read is updated in place (no flicker). */
export function useSaveLayout(moduleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, layout }: { id: number; layout: DashboardPlacement[] }) =>
      call(dashboardEndpoints.saveLayout, { params: { id }, body: { layout } }),
    onSuccess: (saved) => client.setQueryData(readKeys.dashboards.detail(moduleId, saved.id), saved),
  });
}

/** A dashlet's figures as CSV or XLSX: a DASHLET request in the Downloads area (dashboard-downloads lists it). */
export function useDashletDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ dashletId, format }: { dashletId: number; format: 'CSV' | 'XLSX' }) =>
      call(downloadEndpoints.create, {
        body: { reportType: 'DASHLET', format, scope: 'ALL_COLUMNS', view: { dashletId } },
      }),
    meta: { successMessage: DOWNLOAD_TEXTS.requested },
    onSuccess: () => client.invalidateQueries({ queryKey: DOWNLOADS_QUERY_ROOT }),
  });
}
