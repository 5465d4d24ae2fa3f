import {
  type CreateDownloadRequest,
  createDownloadRequestSchema,
  type DownloadRequest,
  downloadEndpoints,
} from '@recon/contract';
import { DOWNLOAD_TEXTS } from '@recon/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** The root of every downloads query (per module below it): a new request refreshes them all. */
export const DOWNLOADS_QUERY_ROOT = ['downloads'] as const;

/**
 * POST /v2/dashletdownloads: queues an export; answers the request, SUBMITTED. Here, not in a feature, because
 * every area's Export button (ui/export-button) makes this call.
 */
export async function createDownload(body: CreateDownloadRequest): Promise<DownloadRequest> {
  return call(downloadEndpoints.create, { body: createDownloadRequestSchema.parse(body) });
}

export function useCreateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDownload,
    meta: { successMessage: DOWNLOAD_TEXTS.requested },
    // The dropdown and the download pages show the new request, and poll until it is ready.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOWNLOADS_QUERY_ROOT }),
  });
}
