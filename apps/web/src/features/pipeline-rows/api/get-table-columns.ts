import { useQuery } from '@tanstack/react-query';
import { tableColumnsQuery } from '@/lib/reads/data-tables';

/** Which DOUBLE / FLOAT columns of the table hold money. */
export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery({
    ...tableColumnsQuery(moduleId, table ?? ''),
    staleTime: 60_000,
    // Without it every DOUBLE and FLOAT column is taken for money, the data tables' own default.
    meta: { isGlobalErrorSkipped: true },
    enabled: table !== undefined,
  });
}
