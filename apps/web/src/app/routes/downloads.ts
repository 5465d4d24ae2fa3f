import { DOWNLOAD_ENTRIES } from '@recon/contract/nav';
import { lazy } from 'react';
import type { PageRoute } from '@/app/routes/types';

const DownloadListPage = lazy(() => import('@/features/downloads/download-list-page'));

/**
 * Downloads (spec 1): no page of its own, one list per entry of the dropdown, each with the entry's privilege
 * (transaction-downloads: viewRecons or recons). One component reads its report type from the path.
 */
export const DOWNLOAD_PAGES: readonly PageRoute[] = DOWNLOAD_ENTRIES.map((entry) => ({
  path: `/downloads/${entry.path}`,
  component: DownloadListPage,
  privilege: entry.privilege,
}));
