import { ROLLBACK_SORT_COLUMNS, ROLLBACK_STATUSES, type RollbackStatus } from '@recon/contract';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import dayjs, { type Dayjs } from 'dayjs';
import type { RollbackSortColumn, RollbacksParams } from '@/features/rollbacks/api/get-rollbacks';
import { rollbackDateFrom } from '@/features/rollbacks/rollback-dates';

/** Filters, paging, sort and the open rollback live in the URL, so a view can be shared and survives a reload. */
export type RollbackUrlState = {
  page: number;
  size: number;
  status?: RollbackStatus;
  jobName?: string;
  /** YYYY-MM-DD, both inclusive; always set (the default range when the URL has none). */
  from: string;
  to: string;
  sort?: { column: RollbackSortColumn; dir: 'asc' | 'desc' };
  rollbackId?: number;
  /** The rollbacks of one run (the execution drawer links here). */
  jobExecutionId?: number;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && String(n) === value ? n : undefined;
}

export function readRollbackUrlState(
  params: URLSearchParams,
  defaults: { pageSize: number; dateRangeDays: number; today?: Dayjs },
): RollbackUrlState {
  const size = positiveInt(params.get('size'));
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const today = defaults.today ?? dayjs();
  const hasRange = from !== null && to !== null && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  const sort = ROLLBACK_SORT_COLUMNS.find((c) => c === params.get('sort'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : defaults.pageSize,
    status: ROLLBACK_STATUSES.find((s) => s === status),
    jobName: params.get('jobName')?.trim() || undefined,
    from: hasRange ? from : rollbackDateFrom(today, defaults.dateRangeDays, 'DAYS').format(DATE_FORMATS.iso),
    to: hasRange ? to : today.format(DATE_FORMATS.iso),
    sort: sort ? { column: sort, dir: params.get('dir') === 'asc' ? 'asc' : 'desc' } : undefined,
    rollbackId: positiveInt(params.get('rollbackId')),
    jobExecutionId: positiveInt(params.get('jobExecutionId')),
  };
}

export function writeRollbackUrlState(state: RollbackUrlState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(state.page));
  params.set('size', String(state.size));
  if (state.status) params.set('status', state.status);
  if (state.jobName) params.set('jobName', state.jobName);
  params.set('from', state.from);
  params.set('to', state.to);
  if (state.sort) {
    params.set('sort', state.sort.column);
    params.set('dir', state.sort.dir);
  }
  if (state.rollbackId) params.set('rollbackId', String(state.rollbackId));
  if (state.jobExecutionId) params.set('jobExecutionId', String(state.jobExecutionId));
  return params;
}

export function toRollbacksParams(state: RollbackUrlState): RollbacksParams {
  return {
    start: (state.page - 1) * state.size,
    length: state.size,
    status: state.status,
    jobName: state.jobName,
    // A run's rollbacks are shown whenever they were requested: the day range does not apply.
    fromDate: state.jobExecutionId ? '' : state.from,
    toDate: state.jobExecutionId ? '' : state.to,
    sort: state.sort,
    jobExecutionId: state.jobExecutionId,
  };
}
