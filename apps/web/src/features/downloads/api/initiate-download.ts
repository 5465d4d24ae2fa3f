import { DOWNLOAD_TEXTS, downloadEndpoints, pathOf } from '@recon/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { http } from '@/lib/http';

/** GET /v2/dashletdownloads/downloadInitiate/{id}: a one-time token for the file of a ready request. */
export async function initiateDownload(id: number): Promise<string> {
  return (await call(downloadEndpoints.initiate, { params: { id } })).token;
}

/** The file's address for a token; the browser navigates to it (the token is its authorisation). */
export const downloadFileUrl = (token: string) =>
  `${http.defaults.baseURL ?? ''}${pathOf(downloadEndpoints.file)}?token=${encodeURIComponent(token)}`;

/** How the browser is sent to the file: replaced in tests (jsdom does not navigate). */
export const fileNavigator = { open: (url: string) => window.location.assign(url) };

/** Click on a ready entry: token, then the browser fetches the file as an attachment (the page stays). */
export function useStartDownload() {
  return useMutation({
    mutationFn: async (id: number) => fileNavigator.open(downloadFileUrl(await initiateDownload(id))),
    meta: { successMessage: DOWNLOAD_TEXTS.started },
  });
}
