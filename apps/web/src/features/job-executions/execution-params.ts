import { JOB_EXECUTION_STATUSES, type JobExecutionStatus } from '@recon/contract';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import type { Dayjs } from 'dayjs';
import {
  EXECUTION_SORT_COLUMNS,
  type ExecutionSortColumn,
  type JobExecutionsParams,
} from '@/features/job-executions/api/get-job-executions';
import { defaultDateRange } from '@/lib/date-range';

/** Filters, paging, sort and the open run live in the URL: the jobs screens link here with `?executionId=`. */
export type ExecutionUrlState = {
  page: number;
  size: number;
  jobId?: number;
  status?: JobExecutionStatus;
  /** YYYY-MM-DD, both inclusive; always set (the default range when the URL has none). */
  from: string;
  to: string;
  sort?: { column: ExecutionSortColumn; dir: 'asc' | 'desc' };
  executionId?: number;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && String(n) === value ? n : undefined;
}

export function readExecutionUrlState(
  params: URLSearchParams,
  defaults: { pageSize: number; dateRangeDays: number; today?: Dayjs },
): ExecutionUrlState {
  const size = positiveInt(params.get('size'));
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const [defaultFrom, defaultTo] = defaultDateRange(defaults.dateRangeDays, defaults.today);
  const sort = EXECUTION_SORT_COLUMNS.find((c) => c === params.get('sort'));
  const hasRange = from !== null && to !== null && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaults.pageSize,
    jobId: positiveInt(params.get('jobId')),
    status: JOB_EXECUTION_STATUSES.find((s) => s === status),
    from: hasRange ? from : defaultFrom.format(DATE_FORMATS.iso),
    to: hasRange ? to : defaultTo.format(DATE_FORMATS.iso),
    sort: sort ? { column: sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' } : undefined,
    executionId: positiveInt(params.get('executionId')),
  };
}

export function writeExecutionUrlState(state: ExecutionUrlState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('size', String(state.size));
  if (state.jobId) params.set('jobId', String(state.jobId));
  if (state.status) params.set('status', state.status);
  params.set('from', state.from);
  params.set('to', state.to);
  if (state.sort) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.dir);
  }
  if (state.executionId) params.set('executionId', String(state.executionId));
  return params;
}

export function toExecutionsParams(state: ExecutionUrlState): JobExecutionsParams {
  return {
    start: (state.page - 1) * state.size,
    length: state.size,
    jobId: state.jobId,
    status: state.status,
    fromDate: state.from,
    toDate: state.to,
    sort: state.sort,
  };
}
