import type { PageRoute } from '@/app/routes/types';

/** Operations › Configuration: data tables, master data, recons, data sources (spec 2). */
export const OPERATIONS_CONFIG_PAGES: readonly PageRoute[] = [];
