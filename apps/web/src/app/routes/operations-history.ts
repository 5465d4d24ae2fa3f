import type { PageRoute } from '@/app/routes/types';

/** Operations › history and Transactions › pipeline invalid and duplicates (spec 2). */
export const OPERATIONS_HISTORY_PAGES: readonly PageRoute[] = [];
