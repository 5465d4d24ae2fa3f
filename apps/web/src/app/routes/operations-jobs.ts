import type { PageRoute } from '@/app/routes/types';

/** Operations › Configuration › pipelines and Operations › jobs (spec 2). */
export const OPERATIONS_JOB_PAGES: readonly PageRoute[] = [];
