import { DEFAULT_JOB_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import type { JobsParams } from '@/features/jobs/api/get-jobs';

/** Page, size and name search of the jobs list live in the URL, so a reload or a shared link keeps them. */
export type JobsUrlState = { page: number; size: number; search: string };

const SIZES: readonly number[] = [DEFAULT_JOB_PAGE_SIZE, ...PAGE_SIZE_OPTIONS];

export function readJobsUrlState(params: URLSearchParams): JobsUrlState {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const size = Number.parseInt(params.get('size') ?? '', 10);
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    size: SIZES.includes(size) ? size : DEFAULT_JOB_PAGE_SIZE,
    search: params.get('search')?.trim() ?? '',
  };
}

export function writeJobsUrlState(state: JobsUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_JOB_PAGE_SIZE) params.set('size', String(state.size));
  if (state.search) params.set('search', state.search);
  return params;
}

export function toJobsParams(state: JobsUrlState): JobsParams {
  return { start: (state.page - 1) * state.size, length: state.size, search: state.search };
}
