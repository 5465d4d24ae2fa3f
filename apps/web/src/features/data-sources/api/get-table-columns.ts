import { useQuery } from '@tanstack/react-query';
import { tableColumnsQuery } from '@/lib/reads/data-tables';

/** A failure is the form's "Unable to load column data", shown by the form rather than the common toast. */
export function useTableColumns(moduleId: number, table: string | undefined) {
  return useQuery({
    ...tableColumnsQuery(moduleId, table ?? ''),
    enabled: Boolean(table),
    meta: { isGlobalErrorSkipped: true },
  });
}
