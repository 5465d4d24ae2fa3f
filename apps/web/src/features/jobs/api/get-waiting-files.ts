import { type FileHistoryRow, fileEndpoints } from '@recon/contract';
import { useQueries } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** More than a person uploads for one run: the page lists them all. */
const MAX_WAITING = 200;

/**
 * GET /v2/files?pipelineId=&status=UPLOADED: the files uploaded to a pipeline that no run has taken yet (they wait
 * until a run takes them or someone discards them), newest first. Kept under the file history's key, so a discard
 * or an upload read anywhere refreshes both.
 */
export async function getWaitingFiles(pipelineId: number): Promise<FileHistoryRow[]> {
  const page = await call(fileEndpoints.history, {
    query: { pipelineId, status: 'UPLOADED', start: 0, length: MAX_WAITING, draw: 1 },
  });
  return page.data.filter((f) => f.uploadStatus === 'UPLOADED' && f.jobExecutionId === null);
}

export const waitingFilesKey = (moduleId: number, pipelineId: number) =>
  [...readKeys.files.ofModule(moduleId), 'waiting', pipelineId] as const;

/** The waiting files of each pipeline, by pipeline id (empty until read). */
export function useWaitingFiles(moduleId: number, pipelineIds: readonly number[]) {
  const results = useQueries({
    queries: pipelineIds.map((pipelineId) => ({
      queryKey: waitingFilesKey(moduleId, pipelineId),
      queryFn: () => getWaitingFiles(pipelineId),
    })),
  });
  const byPipeline = new Map<number, FileHistoryRow[]>();
  pipelineIds.forEach((id, i) => {
    byPipeline.set(id, results[i]?.data ?? []);
  });
  return { byPipeline, isLoading: results.some((r) => r.isLoading) };
}
