import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const ApprovalsPage = lazy(withTexts('myJobs', () => import('@/features/approvals/approvals-page')));
const InternalTicketsPage = lazy(withTexts('myJobs', () => import('@/features/tickets/internal-tickets-page')));
const AlertsPage = lazy(withTexts('myJobs', () => import('@/features/notifications/alerts-page')));
const FileApprovalsPage = lazy(
  withTexts('operationsHistory', () => import('@/features/job-executions/file-approvals-page')),
);
const ExternalTicketsPage = lazy(withTexts('myJobs', () => import('@/features/tickets/external-tickets-page')));

/** My Jobs (spec 1): approvals waiting for a second person; the user's alerts; internal and external tickets; runs waiting on file approval. */
export const MY_JOBS_PAGES: readonly PageRoute[] = [
  { path: PATHS.approvals, component: ApprovalsPage },
  { path: PATHS.internalTickets, component: InternalTicketsPage },
  { path: PATHS.externalTickets, component: ExternalTicketsPage },
  { path: PATHS.fileApprovals, component: FileApprovalsPage },
  { path: PATHS.alerts, component: AlertsPage },
];
