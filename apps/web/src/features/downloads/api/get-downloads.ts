import {
  DOWNLOAD_POLL_MS,
  type DownloadPage,
  type DownloadReportType,
  type DownloadRequest,
  type DownloadsResponse,
  downloadEndpoints,
  LATEST_DOWNLOADS_COUNT,
  OPEN_DOWNLOAD_STATUSES,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { DOWNLOADS_QUERY_ROOT } from '@/lib/create-download';

export type DownloadsParams = { reportType?: DownloadReportType; downloadPage?: DownloadPage } & (
  | { maxResults: number }
  | { start: number; length: number }
);

/** GET /v2/dashletdownloads: the caller's own requests in the module, newest first. */
export async function getDownloads(params: DownloadsParams): Promise<DownloadsResponse> {
  return call(downloadEndpoints.list, { query: params });
}

/** Every downloads query of a module: a new request refreshes them all. */
export const downloadsRoot = (moduleId: number) => [...DOWNLOADS_QUERY_ROOT, moduleId] as const;

/** While a request is SUBMITTED or INPROCESS the list is asked again, then no more. */
export function downloadsRefreshInterval(rows: readonly Pick<DownloadRequest, 'status'>[]): number | false {
  return rows.some((r) => OPEN_DOWNLOAD_STATUSES.includes(r.status)) ? DOWNLOAD_POLL_MS : false;
}

export function downloadsQuery(moduleId: number, params: DownloadsParams) {
  return queryOptions({
    queryKey: [...downloadsRoot(moduleId), params],
    queryFn: () => getDownloads(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => downloadsRefreshInterval(query.state.data?.data ?? []),
  });
}

/** The dropdown: the latest six of every type the user may see. */
export function useLatestDownloads(moduleId: number, isEnabled: boolean) {
  return useQuery({ ...downloadsQuery(moduleId, { maxResults: LATEST_DOWNLOADS_COUNT }), enabled: isEnabled });
}

export function useDownloads(moduleId: number, params: DownloadsParams) {
  return useQuery(downloadsQuery(moduleId, params));
}
