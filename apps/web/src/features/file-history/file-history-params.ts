import { FILE_HISTORY_COLUMNS, FILE_STATUSES, type FileStatus } from '@recon/contract';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import type { Dayjs } from 'dayjs';
import type { FileHistoryColumn, FileHistoryParams } from '@/features/file-history/api/get-file-history';
import { defaultDateRange } from '@/lib/date-range';

/** Filters, paging, sort and the open file live in the URL, so a view can be shared and survives a reload. */
export type FileHistoryUrlState = {
  page: number;
  size: number;
  pipelineId?: number;
  status?: FileStatus;
  fileName?: string;
  /** YYYY-MM-DD, both inclusive; always set (the default range when the URL has none). */
  from: string;
  to: string;
  sort?: { column: FileHistoryColumn; dir: 'asc' | 'desc' };
  fileId?: number;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && String(n) === value ? n : undefined;
}

export function readFileHistoryUrlState(
  params: URLSearchParams,
  defaults: { pageSize: number; dateRangeDays: number; today?: Dayjs },
): FileHistoryUrlState {
  const size = positiveInt(params.get('size'));
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const [defaultFrom, defaultTo] = defaultDateRange(defaults.dateRangeDays, defaults.today);
  const hasRange = from !== null && to !== null && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  const sort = FILE_HISTORY_COLUMNS.find((c) => c === params.get('sort'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaults.pageSize,
    pipelineId: positiveInt(params.get('pipelineId')),
    status: FILE_STATUSES.find((s) => s === status),
    fileName: params.get('fileName')?.trim() || undefined,
    from: hasRange ? from : defaultFrom.format(DATE_FORMATS.iso),
    to: hasRange ? to : defaultTo.format(DATE_FORMATS.iso),
    sort: sort ? { column: sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' } : undefined,
    fileId: positiveInt(params.get('fileId')),
  };
}

export function writeFileHistoryUrlState(state: FileHistoryUrlState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('size', String(state.size));
  if (state.pipelineId) params.set('pipelineId', String(state.pipelineId));
  if (state.status) params.set('status', state.status);
  if (state.fileName) params.set('fileName', state.fileName);
  params.set('from', state.from);
  params.set('to', state.to);
  if (state.sort) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.dir);
  }
  if (state.fileId) params.set('fileId', String(state.fileId));
  return params;
}

export function toFileHistoryParams(state: FileHistoryUrlState): FileHistoryParams {
  return {
    start: (state.page - 1) * state.size,
    length: state.size,
    pipelineId: state.pipelineId,
    status: state.status,
    fileName: state.fileName,
    fromDate: state.from,
    toDate: state.to,
    sort: state.sort,
  };
}
