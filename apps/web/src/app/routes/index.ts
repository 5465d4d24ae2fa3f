import { DASHBOARD_PAGES } from '@/app/routes/dashboards';
import { DOWNLOAD_PAGES } from '@/app/routes/downloads';
import { MY_JOBS_PAGES } from '@/app/routes/my-jobs';
import { OPERATIONS_CONFIG_PAGES } from '@/app/routes/operations-config';
import { OPERATIONS_HISTORY_PAGES } from '@/app/routes/operations-history';
import { OPERATIONS_JOB_PAGES } from '@/app/routes/operations-jobs';
import { PLATFORM_PAGES } from '@/app/routes/platform';
import { REPORT_PAGES } from '@/app/routes/reports';
import { TRANSACTION_PAGES } from '@/app/routes/transactions';
import type { PageRoute } from '@/app/routes/types';

/** Every built page, one registry file per area so areas are added without touching the router. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  ...PLATFORM_PAGES,
  ...OPERATIONS_CONFIG_PAGES,
  ...OPERATIONS_JOB_PAGES,
  ...OPERATIONS_HISTORY_PAGES,
  ...DOWNLOAD_PAGES,
  ...TRANSACTION_PAGES,
  ...MY_JOBS_PAGES,
  ...REPORT_PAGES,
  ...DASHBOARD_PAGES,
];
