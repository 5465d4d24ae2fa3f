import { type FileDetail, fileDetailSchema } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileHistoryRoot, fileRefreshInterval } from '@/features/file-history/api/get-file-history';
import { http } from '@/lib/http';

/** GET /v2/files/{id}: one uploaded file with its error message, size and run. */
export async function getFile(id: number): Promise<FileDetail> {
  const { data } = await http.get(`/v2/files/${id}`);
  return fileDetailSchema.parse(data);
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
