import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const ApprovalsPage = lazy(withTexts('myJobs', () => import('@/features/approvals/approvals-page')));

/** My Jobs (spec 1): approvals waiting for a second person. */
export const MY_JOBS_PAGES: readonly PageRoute[] = [{ path: PATHS.approvals, component: ApprovalsPage }];
