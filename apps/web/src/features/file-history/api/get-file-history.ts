import {
  FILE_HISTORY_COLUMNS,
  FINAL_FILE_STATUSES,
  type FileHistoryRow,
  type FileStatus,
  fileEndpoints,
  type PagedAnswer,
  toPagedQuery,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

export type FileHistoryColumn = (typeof FILE_HISTORY_COLUMNS)[number];

export type FileHistoryParams = {
  start: number;
  length: number;
  pipelineId?: number;
  status?: FileStatus;
  /** YYYY-MM-DD, upload day, inclusive. */
  fromDate: string;
  toDate: string;
  /** Part of the file name (the server's column search, case-insensitive). */
  fileName?: string;
  sort?: { column: FileHistoryColumn; dir: 'asc' | 'desc' };
};

/** GET /v2/files: one DataTables page of the module's uploaded files, newest first unless sorted. */
export async function getFileHistory(params: FileHistoryParams): Promise<PagedAnswer<FileHistoryRow>> {
  const { start, length, sort, fileName, ...filters } = params;
  const query: Record<string, string | number> = toPagedQuery({
    start,
    length,
    draw: start / length + 1,
    columns: FILE_HISTORY_COLUMNS.map((data) => ({ data, searchValue: data === 'fileName' ? fileName : undefined })),
    order: sort ? [{ column: FILE_HISTORY_COLUMNS.indexOf(sort.column), dir: sort.dir }] : [],
  });
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return call(fileEndpoints.history, { query });
}

/** While a file is being read, checked and loaded its status moves every few seconds. */
export const FILE_LOADING_REFRESH_MS = 5000;
/** A file that only waits for its job to run can wait for hours: it is looked at less often. */
export const FILE_WAITING_REFRESH_MS = 30_000;
const LOADING_UPLOAD_STATUSES: ReadonlySet<string> = new Set([
  'UPLOAD_STARTED',
  'EXTRACTION_PENDING',
  'VALIDATION_PENDING',
]);

/** How soon to ask again for files in these states: never once every file is final. */
export function fileRefreshInterval(files: readonly Pick<FileHistoryRow, 'status' | 'uploadStatus'>[]): number | false {
  const open = files.filter((f) => !FINAL_FILE_STATUSES.includes(f.status));
  if (open.length === 0) return false;
  const isLoading = open.some((f) => f.status === 'VALID' || LOADING_UPLOAD_STATUSES.has(f.uploadStatus));
  return isLoading ? FILE_LOADING_REFRESH_MS : FILE_WAITING_REFRESH_MS;
}

export const fileHistoryRoot = (moduleId: number) => readKeys.files.ofModule(moduleId);

export function fileHistoryQuery(moduleId: number, params: FileHistoryParams) {
  return queryOptions({
    queryKey: [...fileHistoryRoot(moduleId), 'list', params],
    queryFn: () => getFileHistory(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => fileRefreshInterval(query.state.data?.data ?? []),
  });
}

export function useFileHistory(moduleId: number, params: FileHistoryParams) {
  return useQuery(fileHistoryQuery(moduleId, params));
}
