import { type FileDetail, fileEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileHistoryRoot, fileRefreshInterval } from '@/features/file-history/api/get-file-history';
import { call } from '@/lib/call';

/** GET /v2/files/{id}: one uploaded file with its error message, size and run. */
export async function getFile(id: number): Promise<FileDetail> {
  return call(fileEndpoints.detail, { params: { id } });
}

export function fileQuery(moduleId: number, id: number) {
  return queryOptions({
    queryKey: [...fileHistoryRoot(moduleId), 'detail', id],
    queryFn: () => getFile(id),
    refetchInterval: (query) => (query.state.data ? fileRefreshInterval([query.state.data]) : false),
  });
}

export function useFile(moduleId: number, id: number | undefined) {
  return useQuery({ ...fileQuery(moduleId, id ?? 0), enabled: id !== undefined });
}
